import {
  type PriceList,
  type PriceListRequest,
  type PriceListSettingsRequest,
  type PriceListSummary,
  priceListMessages,
} from '@proper-parts/domain/price-lists';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { priceLists } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';

/** Issue 35, decision 038: a shop admin's contract price lists, stored and read back. */

const toCents = (dollars: number) => Math.round(dollars * 100);
const lower = (items: string[]) => [...new Set(items.map((item) => item.toLowerCase()))];

/** name (lower case) → id, for the SKUs, brands or categories the entries (or CSV lines) name. */
export async function idsOf(
  db: Queryable,
  table: 'products' | 'brands' | 'categories',
  keys: string[],
) {
  if (keys.length === 0) return new Map<string, string>();
  const match =
    table === 'products'
      ? sql`lower(t.sku) = k.key and t.deleted_at is null`
      : sql`(t.slug = k.key or lower(t.name) = k.key)`;
  const rows = await rowsOf<{ key: string; id: string }>(
    db,
    sql`select distinct on (k.key) k.key, t.id from unnest(${sql.param(keys)}::text[]) as k(key)
      join ${sql.identifier(table)} t on ${match} order by k.key, t.id`,
  );
  return new Map(rows.map((row) => [row.key, row.id]));
}

interface EntryRow {
  productId: string | null;
  brandId: string | null;
  categoryId: string | null;
  minQuantity: number;
  priceCents: number | null;
  percentOff: number | null;
}

/** The entries as rows, each name resolved: an unknown one is refused, naming it. */
async function entryRows(db: Queryable, input: PriceListRequest): Promise<EntryRow[]> {
  const { entries } = input;
  const [skus, brands, categories] = await Promise.all([
    idsOf(db, 'products', lower(entries.flatMap((e) => (e.sku ? [e.sku] : [])))),
    idsOf(db, 'brands', lower(entries.flatMap((e) => (e.brand ? [e.brand] : [])))),
    idsOf(db, 'categories', lower(entries.flatMap((e) => (e.category ? [e.category] : [])))),
  ]);
  const seen = new Set<string>();
  return entries.map((e) => {
    const find = (map: Map<string, string>, key: string, unknown: (k: string) => string) => {
      const id = map.get(key.toLowerCase());
      if (!id) throw new AppError('INVALID', unknown(key));
      return id;
    };
    if (e.sku !== undefined) {
      const productId = find(skus, e.sku, priceListMessages.unknownSku);
      const minQuantity = e.minQuantity ?? 1;
      if (seen.has(`${productId}:${minQuantity}`))
        throw new AppError('INVALID', priceListMessages.duplicateBreak(e.sku, minQuantity));
      seen.add(`${productId}:${minQuantity}`);
      const priceCents = toCents(e.price ?? 0);
      return {
        productId,
        brandId: null,
        categoryId: null,
        minQuantity,
        priceCents,
        percentOff: null,
      };
    }
    return {
      productId: null,
      brandId: e.brand ? find(brands, e.brand, priceListMessages.unknownBrand) : null,
      categoryId: e.category
        ? find(categories, e.category, priceListMessages.unknownCategory)
        : null,
      minQuantity: 1,
      priceCents: null,
      percentOff: e.percentOff ?? 0,
    };
  });
}

async function assertCompanies(db: Queryable, companyIds: string[]) {
  if (companyIds.length === 0) return;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id from companies where id = any(${sql.param(companyIds)}::uuid[])`,
  );
  const known = new Set(rows.map((row) => row.id));
  const missing = companyIds.find((id) => !known.has(id));
  if (missing) throw new AppError('INVALID', priceListMessages.unknownCompany(missing));
}

/** Writes a list's companies (after removing the old ones). */
async function writeCompanies(db: Queryable, id: string, input: PriceListSettingsRequest) {
  const companyIds = [...new Set(input.companyIds)];
  await assertCompanies(db, companyIds);
  await db.execute(sql`delete from price_list_companies where price_list_id = ${id}`);
  if (companyIds.length > 0)
    await db.execute(
      sql`insert into price_list_companies (price_list_id, company_id)
        select ${id}, unnest(${sql.param(companyIds)}::uuid[])`,
    );
}

/** Writes a list's companies and entries (after removing the old ones, on a replace). */
async function writeContents(db: Queryable, id: string, input: PriceListRequest) {
  const rows = await entryRows(db, input);
  await writeCompanies(db, id, input);
  await db.execute(sql`delete from price_list_entries where price_list_id = ${id}`);
  if (rows.length === 0) return;
  const column = <K extends keyof EntryRow>(key: K) => sql.param(rows.map((row) => row[key]));
  await db.execute(
    sql`insert into price_list_entries
        (price_list_id, product_id, brand_id, category_id, min_quantity, price_cents, percent_off)
      select ${id}, * from unnest(${column('productId')}::uuid[], ${column('brandId')}::uuid[],
        ${column('categoryId')}::uuid[], ${column('minQuantity')}::int[],
        ${column('priceCents')}::int[], ${column('percentOff')}::numeric[])`,
  );
}

const validity = (input: PriceListSettingsRequest) => ({
  validFrom: input.validFrom ? new Date(input.validFrom) : null,
  validTo: input.validTo ? new Date(input.validTo) : null,
});

export async function createPriceList(db: Queryable, input: PriceListRequest): Promise<string> {
  const [row] = await db
    .insert(priceLists)
    .values({ name: input.name, priority: input.priority, ...validity(input) })
    .returning({ id: priceLists.id });
  if (!row) throw new Error('price list not stored');
  await writeContents(db, row.id, input);
  return row.id;
}

/** A list's own fields; not found: a 404. */
async function updateSettings(db: Queryable, id: string, input: PriceListSettingsRequest) {
  const { validFrom, validTo } = validity(input);
  const updated = await rowsOf<{ id: string }>(
    db,
    sql`update price_lists set name = ${input.name}, priority = ${input.priority},
        valid_from = ${validFrom}, valid_to = ${validTo},
        updated_at = now()
      where id = ${id} returning id`,
  );
  if (updated.length === 0) throw new AppError('NOT_FOUND', priceListMessages.notFound);
}

export async function replacePriceList(db: Queryable, id: string, input: PriceListRequest) {
  await updateSettings(db, id, input);
  await writeContents(db, id, input);
}

/** `PATCH`: the list's name, priority, validity and companies; its entries stay as they are. */
export async function updatePriceListSettings(
  db: Queryable,
  id: string,
  input: PriceListSettingsRequest,
) {
  await updateSettings(db, id, input);
  await writeCompanies(db, id, input);
}

export async function deletePriceList(db: Queryable, id: string): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`delete from price_lists where id = ${id} returning name`,
  );
  if (!row) throw new AppError('NOT_FOUND', priceListMessages.notFound);
  return row.name;
}

interface SummaryRow {
  id: string;
  name: string;
  validFrom: Date | string | null;
  validTo: Date | string | null;
  priority: number;
  companyIds: string[] | null;
  entryCount: number | string;
  createdAt: Date | string;
  updatedAt: Date | string;
  cursorAt: string;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function toSummary(row: SummaryRow): PriceListSummary {
  return {
    id: row.id,
    name: row.name,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    priority: row.priority,
    companyIds: row.companyIds ?? [],
    entryCount: Number(row.entryCount),
    createdAt: iso(row.createdAt) ?? '',
    updatedAt: iso(row.updatedAt) ?? '',
  };
}

function summaryRows(db: Queryable, where: SQL, limit: number) {
  return rowsOf<SummaryRow>(
    db,
    sql`select price_lists.id, price_lists.name, price_lists.valid_from as "validFrom",
        price_lists.valid_to as "validTo", price_lists.priority,
        (select array_agg(c.company_id order by c.company_id) from price_list_companies c
          where c.price_list_id = price_lists.id) as "companyIds",
        (select count(*) from price_list_entries e where e.price_list_id = price_lists.id)
          as "entryCount",
        price_lists.created_at as "createdAt", price_lists.updated_at as "updatedAt",
        ${cursorAt({ createdAt: priceLists.createdAt, id: priceLists.id })} as "cursorAt"
      from price_lists where ${where}
      order by price_lists.created_at desc, price_lists.id desc limit ${limit}`,
  );
}

/** The price lists, newest first: keyset pages. */
export async function listPriceLists(
  db: Database,
  { limit, cursor }: { limit: number; cursor?: string },
) {
  const where = cursor
    ? afterCursor({ createdAt: priceLists.createdAt, id: priceLists.id }, cursor)
    : sql`true`;
  const rows = await summaryRows(db, where, limit + 1);
  return pageOf(rows, limit, toSummary, (row) => row.id);
}

/** One price list with its entries, as the admin wrote them (SKUs, brand and category slugs). */
export async function readPriceList(db: Queryable, id: string): Promise<PriceList> {
  const [row] = await summaryRows(db, sql`price_lists.id = ${id}`, 1);
  if (!row) throw new AppError('NOT_FOUND', priceListMessages.notFound);
  const entries = await rowsOf<{
    sku: string | null;
    brand: string | null;
    category: string | null;
    minQuantity: number;
    priceCents: number | null;
    percentOff: string | number | null;
  }>(
    db,
    sql`select p.sku, b.slug as brand, c.slug as category, e.min_quantity as "minQuantity",
        e.price_cents as "priceCents", e.percent_off as "percentOff"
      from price_list_entries e
      left join products p on p.id = e.product_id
      left join brands b on b.id = e.brand_id
      left join categories c on c.id = e.category_id
      where e.price_list_id = ${id}
      order by p.sku nulls last, e.min_quantity, b.slug nulls last, c.slug nulls last`,
  );
  return {
    ...toSummary(row),
    entries: entries.map((e) => {
      if (e.sku !== null)
        return { sku: e.sku, price: (e.priceCents ?? 0) / 100, minQuantity: e.minQuantity };
      const percentOff = Number(e.percentOff);
      if (e.brand !== null) return { brand: e.brand, percentOff };
      if (e.category !== null) return { category: e.category, percentOff };
      return { percentOff };
    }),
  };
}
