import type { Readable } from 'node:stream';
import {
  CATALOG_CSV_COLUMNS,
  type CatalogCsvLine,
  catalogCsvLine,
  formatAttributes,
  formatCrossReferences,
  formatPriceBreaks,
  type ImportReport,
  REQUIRED_CSV_COLUMNS,
} from '@proper-parts/domain/catalog-csv';
import { priceBreaksProblem, sameBreaks } from '@proper-parts/domain/price-breaks';
import { sql } from 'drizzle-orm';
import { type CsvLine, parsedBy, readCsvInBatches, rejectorOf } from '../../csv/read-csv.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import type { ImportCommitted, ImportProgress } from '../../http/csv-upload.ts';
import { dollarsToCents } from './catalog-repository.ts';
import { analyzeCatalog } from './demo-seed.ts';
import {
  breaksToCents,
  breaksToDollars,
  replacePriceBreaks,
  type StoredPriceBreak,
} from './price-breaks.ts';
import { skuTakenMessage } from './sku-clash.ts';

/** An import that wrote this many lines refreshes the planner's statistics. */
const ANALYZE_AFTER_LINES = 1000;

/** Lines applied per transaction: few round trips, and a failed batch is retried line by line. */
const BATCH_LINES = 500;

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

type Line = CsvLine<CatalogCsvLine>;

type Current = {
  id: string;
  sku: string;
  name: string;
  mpn: string | null;
  brand: string | null;
  category: string | null;
  price_cents: number;
  minimum_order_quantity: number;
  available_quantity: number;
  img: string;
  description: string;
  deleted: boolean;
  attributes: string;
  cross_references: string;
  pack_size: number;
  /** JSON of `StoredPriceBreak[]`, the smallest quantity first. */
  price_breaks: string;
};

const breaksOf = (current: Current) =>
  breaksToDollars(JSON.parse(current.price_breaks) as StoredPriceBreak[]);

/**
 * The taxonomy an import resolves names against, read once per import: categories by slug (with
 * their top-level slug, whose picture a new product gets), brands by name, made when new.
 */
export async function taxonomy(db: Database) {
  const categories = new Map<string, { id: string; top: string }>();
  const rows = (
    await db.execute<{ id: string; slug: string; top: string }>(sql`
      with recursive tree as (
        select id, slug, slug as top from categories where parent_id is null
        union all
        select c.id, c.slug, tree.top from categories c join tree on c.parent_id = tree.id
      ) select id, slug, top from tree`)
  ).rows;
  for (const row of rows) categories.set(row.slug, { id: row.id, top: row.top });

  const brands = new Map<string, string>();
  for (const row of (
    await db.execute<{ id: string; name: string }>(sql`select id, name from brands`)
  ).rows)
    brands.set(row.name.toLowerCase(), row.id);

  /** The brand's id, making the brand when the shop does not know it yet. */
  async function brandId(name: string): Promise<string> {
    const known = brands.get(name.toLowerCase());
    if (known) return known;
    const slug = slugify(name) || 'brand';
    await db.execute(sql`insert into brands (name, slug) values (${name}, ${slug})
      on conflict (slug) do nothing`);
    const [row] = (
      await db.execute<{ id: string }>(sql`select id from brands where slug = ${slug}`)
    ).rows;
    if (!row) throw new Error(`brand ${name} was not made`);
    brands.set(name.toLowerCase(), row.id);
    return row.id;
  }
  return { categories, brandId };
}

/** What each line of a batch would write, or why it cannot. */
type Planned =
  | { line: number; kind: 'create' | 'update'; values: Record<string, unknown> }
  | { line: number; kind: 'unchanged' }
  | { line: number; kind: 'rejected'; reason: string };

/**
 * The products of these SKUs as the export writes them, by SKU in lower case (a SKU is unique
 * whatever its case, through the index on lower(sku)): to tell a change from a copy, and a line
 * whose SKU another product has in another case.
 */
async function currentOf(db: Database, skus: string[]): Promise<Map<string, Current>> {
  const rows = (
    await db.execute<Current>(sql`
      select p.id, p.sku, p.name, p.mpn, b.name as brand, c.slug as category, p.price_cents,
        p.minimum_order_quantity, p.available_quantity, p.img, p.description, p.pack_size,
        p.deleted_at is not null as deleted,
        coalesce((select json_agg(json_build_object('name', a.name, 'value', a.value, 'unit', a.unit) order by a.name)::text
          from product_attributes a where a.product_id = p.id), '[]') as attributes,
        coalesce((select json_agg(json_build_object('kind', r.kind, 'number', r.number) order by r.kind, r.number)::text
          from cross_references r where r.product_id = p.id), '[]') as cross_references,
        coalesce((select json_agg(json_build_object('minQuantity', pb.min_quantity, 'priceCents', pb.price_cents) order by pb.min_quantity)::text
          from price_breaks pb where pb.product_id = p.id), '[]') as price_breaks
      from products p
      left join brands b on b.id = p.brand_id
      left join categories c on c.id = p.category_id
      where lower(p.sku) in (select lower(value) from json_array_elements_text(${json(skus)}))`)
  ).rows;
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
}

const sortedAttributes = (row: CatalogCsvLine) =>
  formatAttributes([...(row.attributes ?? [])].sort((a, b) => a.name.localeCompare(b.name)));
const sortedReferences = (row: CatalogCsvLine) =>
  formatCrossReferences(
    [...(row.crossReferences ?? [])].sort(
      (a, b) => a.kind.localeCompare(b.kind) || a.number.localeCompare(b.number),
    ),
  );

/** True when applying `row` to `current` would change nothing (a column left out changes nothing). */
function sameAs(row: CatalogCsvLine, current: Current): boolean {
  const same = <T>(given: T | undefined, have: T) => given === undefined || given === have;
  return (
    !current.deleted &&
    row.name === current.name &&
    same(row.mpn, current.mpn ?? '') &&
    same(row.brand, current.brand ?? '') &&
    same(row.category, current.category ?? '') &&
    same(row.price === undefined ? undefined : dollarsToCents(row.price), current.price_cents) &&
    same(row.minimumOrderQuantity, current.minimum_order_quantity) &&
    same(row.availableQuantity, current.available_quantity) &&
    same(row.img, current.img) &&
    same(row.description, current.description) &&
    same(row.packSize, current.pack_size) &&
    (row.priceBreaks === undefined || sameBreaks(row.priceBreaks, breaksOf(current))) &&
    (row.attributes === undefined ||
      sortedAttributes(row) === formatAttributes(JSON.parse(current.attributes))) &&
    (row.crossReferences === undefined ||
      sortedReferences(row) === formatCrossReferences(JSON.parse(current.cross_references)))
  );
}

/**
 * Imports a catalog CSV (`POST /catalog/import`), upserting products by SKU. The file is read as
 * a stream, a batch at a time; each line is applied whole or not at all (a batch is one
 * transaction, and a batch that fails is applied again line by line, so that one bad line is
 * refused alone). A column left out of the file, or a cell left empty, keeps what the product has.
 * Stock (`availableQuantity`) is set to the file's count, under the same row lock an order takes.
 * `onProgress` hears, after each batch, how many lines are done and how many bytes of the file
 * were read for them.
 */
export async function importCatalogCsv(
  db: Database,
  input: Readable,
  onProgress: ImportProgress = () => {},
  committed: ImportCommitted<ImportReport> = async () => {},
): Promise<ImportReport> {
  const report: ImportReport = {
    created: 0,
    updated: 0,
    rejected: 0,
    rejections: [],
    stopped: null,
  };
  const reject = rejectorOf(report);
  const { categories, brandId } = await taxonomy(db);
  const seen = new Map<string, number>();
  report.stopped = await readCsvInBatches(input, {
    columns: CATALOG_CSV_COLUMNS,
    required: REQUIRED_CSV_COLUMNS,
    parse: parsedBy<CatalogCsvLine>(catalogCsvLine),
    batchLines: BATCH_LINES,
    apply: async (lines) =>
      apply(db, await plan(db, lines, categories, brandId), report, reject, committed),
    reject,
    // A SKU once per file: a second line would silently undo the first.
    check: (row, line) => {
      const key = row.sku.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) return `sku: ${row.sku} is also on line ${first}`;
      seen.set(key, line);
    },
    onProgress,
  });
  // A large import changes what the planner should expect (PGlite runs no autovacuum).
  if (report.created + report.updated >= ANALYZE_AFTER_LINES) await analyzeCatalog(db);
  return report;
}

async function plan(
  db: Database,
  lines: Line[],
  categories: Map<string, { id: string; top: string }>,
  brandId: (name: string) => Promise<string>,
): Promise<Planned[]> {
  const current = await currentOf(
    db,
    lines.map(({ row }) => row.sku),
  );
  const planned: Planned[] = [];
  for (const { line, row } of lines) {
    const have = current.get(row.sku.toLowerCase());
    if (have && have.sku !== row.sku) {
      planned.push({ line, kind: 'rejected', reason: skuTakenMessage(row.sku, have.sku) });
      continue;
    }
    const category = row.category === undefined ? undefined : categories.get(row.category);
    if (row.category !== undefined && !category) {
      planned.push({ line, kind: 'rejected', reason: `category: no category ${row.category}` });
      continue;
    }
    if (have && sameAs(row, have)) {
      planned.push({ line, kind: 'unchanged' });
      continue;
    }
    if (!have && row.price === undefined) {
      planned.push({ line, kind: 'rejected', reason: 'price: required for a new product' });
      continue;
    }
    if (!have && !category && row.img === undefined) {
      planned.push({
        line,
        kind: 'rejected',
        reason: 'category: required for a new product without img',
      });
      continue;
    }
    const unpriced = pricingProblem(row, have);
    if (unpriced) {
      planned.push({ line, kind: 'rejected', reason: unpriced });
      continue;
    }
    const minimum = row.minimumOrderQuantity ?? have?.minimum_order_quantity ?? 1;
    planned.push({
      line,
      kind: have ? 'update' : 'create',
      values: {
        id: have?.id ?? null,
        sku: row.sku,
        name: row.name,
        mpn: row.mpn ?? null,
        brand_id: row.brand === undefined ? null : await brandId(row.brand),
        category_id: category?.id ?? null,
        price_cents: row.price === undefined ? null : dollarsToCents(row.price),
        minimum_order_quantity: have && row.minimumOrderQuantity === undefined ? null : minimum,
        available_quantity: row.availableQuantity ?? (have ? null : 0),
        img: row.img ?? (have ? null : `/images/categories/${category?.top}.svg`),
        description: row.description ?? (have ? null : ''),
        attributes: row.attributes ?? null,
        cross_references: row.crossReferences ?? null,
        pack_size: row.packSize ?? null,
        price_breaks: row.priceBreaks ? breaksToCents(row.priceBreaks) : null,
      },
    });
  }
  return planned;
}

/**
 * Why the line's breaks cannot go with each other or with the price (a break at or above the one
 * before it or the price), checked when either changes: a line that leaves both as they are is
 * not refused for them.
 */
function pricingProblem(row: CatalogCsvLine, have: Current | undefined): string | undefined {
  const haveBreaks = have ? breaksOf(have) : [];
  const breaks = row.priceBreaks ?? haveBreaks;
  const priceCents = row.price === undefined ? have?.price_cents : dollarsToCents(row.price);
  if (priceCents === undefined) return undefined;
  if (have && priceCents === have.price_cents && sameBreaks(breaks, haveBreaks)) return undefined;
  const problem = priceBreaksProblem(breaks, priceCents / 100);
  if (!problem) return undefined;
  const tier = problem.index === undefined ? undefined : breaks[problem.index];
  return `priceBreaks: ${tier ? `"${formatPriceBreaks([tier])}": ` : ''}${problem.message}`;
}

export type Writes = Extract<Planned, { values: unknown }>;

/**
 * Writes a batch in one transaction; if it fails, each line in a transaction of its own. Each
 * transaction tells `committed` the report's counts with its lines (the import's audit entry),
 * so that what it commits and the count of it commit together.
 */
async function apply(
  db: Database,
  planned: Planned[],
  report: ImportReport,
  reject: (line: number, reason: string) => void,
  committed: ImportCommitted<ImportReport>,
) {
  const writes = planned.filter((p): p is Writes => p.kind === 'create' || p.kind === 'update');
  for (const p of planned) if (p.kind === 'rejected') reject(p.line, p.reason);
  if (writes.length === 0) return;
  const count = (done: Writes[]) => {
    for (const p of done) p.kind === 'create' ? report.created++ : report.updated++;
  };
  const write = (done: Writes[]) =>
    db.transaction(async (tx) => {
      await writeProducts(tx as unknown as Database, done);
      const created = done.filter((p) => p.kind === 'create').length;
      await committed(tx, {
        ...report,
        created: report.created + created,
        updated: report.updated + done.length - created,
      });
    });
  try {
    await write(writes);
    count(writes);
  } catch {
    for (const p of writes) {
      try {
        await write([p]);
        count([p]);
      } catch (error) {
        reject(p.line, reasonOf(error));
      }
    }
  }
}

function reasonOf(error: unknown): string {
  const taken = uniqueViolationOf(error);
  if (taken?.includes('slug'))
    return 'name: another product already has this name and part number (its URL would clash)';
  if (taken) return 'sku: another product took this SKU while the file was imported';
  return 'could not be saved; nothing of this line was written';
}

/**
 * The batch's products, then their specifications, cross-references and price breaks, then their
 * words. An update (`id` set) keeps every column given as null (a list given as null is left
 * alone; an empty one clears it); `mpn: ''` clears the MPN. Shared with the admin's product edit
 * (`PATCH /tools/{id}`).
 */
export async function writeProducts(db: Database, writes: Writes[]) {
  const values = writes.map((p) => p.values);
  const ids = (
    await db.execute<{ id: string; sku: string }>(sql`
      with x as (
        select * from json_to_recordset(${json(values)}) as x(
          id uuid, sku text, name text, slug text, mpn text, brand_id uuid, category_id uuid, price_cents int,
          minimum_order_quantity int, available_quantity int, img text, description text, pack_size int)
      ),
      changed as (
        update products p set
          sku = x.sku,
          name = x.name,
          slug = coalesce(x.slug, p.slug),
          mpn = case when x.mpn = '' then null else coalesce(x.mpn, p.mpn) end,
          brand_id = coalesce(x.brand_id, p.brand_id),
          category_id = coalesce(x.category_id, p.category_id),
          price_cents = coalesce(x.price_cents, p.price_cents),
          minimum_order_quantity = coalesce(x.minimum_order_quantity, p.minimum_order_quantity),
          available_quantity = coalesce(x.available_quantity, p.available_quantity),
          img = coalesce(x.img, p.img),
          description = coalesce(x.description, p.description),
          pack_size = coalesce(x.pack_size, p.pack_size),
          deleted_at = null
        from x where x.id is not null and p.id = x.id
        returning p.id, p.sku
      ),
      made as (
        insert into products (sku, name, mpn, brand_id, category_id, price_cents,
          minimum_order_quantity, available_quantity, img, description, pack_size)
        select sku, name, mpn, brand_id, category_id, price_cents, minimum_order_quantity,
          available_quantity, img, description, coalesce(pack_size, 1)
        from x where x.id is null
        returning id, sku
      )
      select id, sku from changed union all select id, sku from made`)
  ).rows;
  if (ids.length !== writes.length) throw new Error('a product changed while it was imported');
  const idOf = new Map(ids.map((row) => [row.sku, row.id]));
  const specs = writes.filter((p) => p.values.attributes !== null);
  const references = writes.filter((p) => p.values.cross_references !== null);
  if (specs.length > 0) {
    const owners = specs.map((p) => idOf.get(p.values.sku as string));
    await db.execute(sql`delete from product_attributes
      where product_id in (select value::uuid from json_array_elements_text(${json(owners)}))`);
    const rows = specs.flatMap((p) =>
      (
        p.values.attributes as {
          name: string;
          value: string;
          num: number | null;
          unit: string | null;
        }[]
      ).map((a) => ({ ...a, product_id: idOf.get(p.values.sku as string) })),
    );
    if (rows.length > 0)
      await db.execute(sql`insert into product_attributes (product_id, name, value, num, unit)
        select product_id, name, value, num, unit from json_to_recordset(${json(rows)})
          as x(product_id uuid, name text, value text, num float8, unit text)`);
  }
  if (references.length > 0) {
    const owners = references.map((p) => idOf.get(p.values.sku as string));
    await db.execute(sql`delete from cross_references
      where product_id in (select value::uuid from json_array_elements_text(${json(owners)}))`);
    const rows = references.flatMap((p) =>
      (p.values.cross_references as { kind: string; number: string }[]).map((r) => ({
        ...r,
        product_id: idOf.get(p.values.sku as string),
      })),
    );
    if (rows.length > 0)
      await db.execute(sql`insert into cross_references (product_id, kind, number)
        select product_id, kind, number from json_to_recordset(${json(rows)})
          as x(product_id uuid, kind text, number text)`);
  }
  await replacePriceBreaks(
    db,
    writes
      .filter((p) => Array.isArray(p.values.price_breaks))
      .map((p) => ({
        productId: idOf.get(p.values.sku as string) as string,
        breaks: p.values.price_breaks as StoredPriceBreak[],
      })),
  );
  // The words include the specifications, written after the product row: make them again.
  if (specs.length > 0)
    await db.execute(sql`update products set search_vector = null
      where id in (select value::uuid from json_array_elements_text(${json(specs.map((p) => idOf.get(p.values.sku as string)))}))`);
}
