import type { Readable } from 'node:stream';
import { emptyChangeCountsReport } from '@proper-parts/domain/csv-import';
import {
  PRICE_LIST_CSV_COLUMNS,
  PRICE_LIST_CSV_REQUIRED,
  type PriceListCsvLine,
  type PriceListImportReport,
  priceListCsvLine,
  priceListMessages,
} from '@proper-parts/domain/price-lists';
import { sql } from 'drizzle-orm';
import { analyzeAfterImport } from '../../csv/analyze-after-import.ts';
import { type CsvLine, parsedBy, readCsvInBatches, rejectorOf } from '../../csv/read-csv.ts';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { csvDollars, csvStream } from '../../http/csv-download.ts';
import type { ImportCommitted, ImportProgress } from '../../http/csv-upload.ts';
import { idsOf } from './price-list-store.ts';

/** Lines looked up and written together: one transaction a batch. */
const BATCH_LINES = 1000;

/** What a line sets: a product's price from a quantity, or the percentage of a rule. */
const keyOf = ({ entry }: PriceListCsvLine) =>
  entry.sku !== undefined
    ? `sku:${entry.sku.toLowerCase()}:${entry.minQuantity ?? 1}`
    : `rule:${entry.brand?.toLowerCase() ?? ''}:${entry.category?.toLowerCase() ?? ''}`;

/** The list imported into, locked against its deletion for the batch; refused when gone. */
export async function lockedListName(db: Queryable, listId: string): Promise<string> {
  const [row] = await rowsOf<{ name: string }>(
    db,
    sql`select name from price_lists where id = ${listId} for key share`,
  );
  if (!row) throw new AppError('NOT_FOUND', priceListMessages.notFound);
  return row.name;
}

type Outcome = 'added' | 'updated' | 'unchanged';

/** A product line: its price from its quantity, inserted or changed (unchanged: no row back). */
async function setProductPrices(
  db: Queryable,
  listId: string,
  lines: { productId: string; minQuantity: number; priceCents: number; ref: number }[],
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>(lines.map((line) => [line.ref, 'unchanged']));
  if (lines.length === 0) return outcomes;
  const column = <K extends keyof (typeof lines)[number]>(key: K) =>
    sql.param(lines.map((line) => line[key]));
  const written = await rowsOf<{ key: string; inserted: boolean }>(
    db,
    sql`insert into price_list_entries as e (price_list_id, product_id, min_quantity, price_cents)
      select ${listId}, product_id, min_quantity, price_cents
        from unnest(${column('productId')}::uuid[], ${column('minQuantity')}::int[],
          ${column('priceCents')}::int[]) as l(product_id, min_quantity, price_cents)
      on conflict (price_list_id, product_id, min_quantity)
        do update set price_cents = excluded.price_cents
        where e.price_cents is distinct from excluded.price_cents
      returning e.product_id::text || ':' || e.min_quantity as key, (xmax = 0) as inserted`,
  );
  const refOf = new Map(lines.map((line) => [`${line.productId}:${line.minQuantity}`, line.ref]));
  for (const row of written) {
    const ref = refOf.get(row.key);
    if (ref !== undefined) outcomes.set(ref, row.inserted ? 'added' : 'updated');
  }
  return outcomes;
}

/** A rule line: the percentage off a brand, a category or everything, set in place or added. */
async function setRule(
  db: Queryable,
  listId: string,
  rule: { brandId: string | null; categoryId: string | null; percentOff: number },
): Promise<Outcome> {
  const [found] = await rowsOf<{ id: string; percentOff: string | number }>(
    db,
    sql`select id, percent_off as "percentOff" from price_list_entries
      where price_list_id = ${listId} and product_id is null
        and brand_id is not distinct from ${rule.brandId}::uuid
        and category_id is not distinct from ${rule.categoryId}::uuid
      order by id limit 1 for update`,
  );
  if (!found) {
    await db.execute(
      sql`insert into price_list_entries (price_list_id, brand_id, category_id, percent_off)
        values (${listId}, ${rule.brandId}::uuid, ${rule.categoryId}::uuid, ${rule.percentOff})`,
    );
    return 'added';
  }
  if (Number(found.percentOff) === rule.percentOff) return 'unchanged';
  await db.execute(
    sql`update price_list_entries set percent_off = ${rule.percentOff} where id = ${found.id}`,
  );
  return 'updated';
}

/** One batch, in the transaction `db`: names resolved, each line set, refusals named. */
async function applyBatch(
  db: Queryable,
  listId: string,
  lines: CsvLine<PriceListCsvLine>[],
  reject: (line: number, reason: string) => void,
  report: PriceListImportReport,
) {
  const listName = await lockedListName(db, listId);
  const names = (pick: (row: PriceListCsvLine) => string | undefined) => [
    ...new Set(lines.flatMap(({ row }) => pick(row)?.toLowerCase() ?? [])),
  ];
  const [products, brands, categories] = await Promise.all([
    idsOf(
      db,
      'products',
      names((row) => row.entry.sku),
    ),
    idsOf(
      db,
      'brands',
      names((row) => row.entry.brand),
    ),
    idsOf(
      db,
      'categories',
      names((row) => row.entry.category),
    ),
  ]);
  const prices: { productId: string; minQuantity: number; priceCents: number; ref: number }[] = [];
  const outcomes: [number, Outcome][] = [];
  for (const { line, row } of lines) {
    const { entry } = row;
    if (row.priceList && row.priceList.toLowerCase() !== listName.toLowerCase()) {
      reject(line, priceListMessages.otherList(row.priceList, listName));
      continue;
    }
    if (entry.sku !== undefined) {
      const productId = products.get(entry.sku.toLowerCase());
      if (!productId) reject(line, priceListMessages.csvUnknownSku(entry.sku));
      else
        prices.push({
          productId,
          minQuantity: entry.minQuantity ?? 1,
          priceCents: Math.round((entry.price ?? 0) * 100),
          ref: line,
        });
      continue;
    }
    const brandId = entry.brand ? brands.get(entry.brand.toLowerCase()) : null;
    const categoryId = entry.category ? categories.get(entry.category.toLowerCase()) : null;
    if (brandId === undefined) reject(line, priceListMessages.csvUnknownBrand(entry.brand ?? ''));
    else if (categoryId === undefined)
      reject(line, priceListMessages.csvUnknownCategory(entry.category ?? ''));
    else
      outcomes.push([
        line,
        await setRule(db, listId, { brandId, categoryId, percentOff: entry.percentOff ?? 0 }),
      ]);
  }
  for (const [ref, outcome] of await setProductPrices(db, listId, prices))
    outcomes.push([ref, outcome]);
  for (const [, outcome] of outcomes) report[outcome]++;
  if (outcomes.some(([, outcome]) => outcome !== 'unchanged'))
    await db.execute(sql`update price_lists set updated_at = now() where id = ${listId}`);
}

/**
 * Imports a price list's lines from a CSV (`POST /admin/price-lists/{id}/import`), streamed a
 * batch at a time by the imports' reader (csv/read-csv.ts), each batch one transaction, with
 * progress after each. A line sets one price (a product from a quantity) or one rule, beside
 * the list's other entries; a file exported from the list imports back changing nothing. A price
 * set twice in one file is refused on its second line (which one was meant is not ours to guess).
 * The route answers 404 for an unknown list first; each batch locks the list (gone: a 404).
 */
export async function importPriceListCsv(
  db: Database,
  listId: string,
  input: Readable,
  onProgress: ImportProgress = () => {},
  committed: ImportCommitted<PriceListImportReport> = async () => {},
): Promise<PriceListImportReport> {
  const report: PriceListImportReport = emptyChangeCountsReport();
  const reject = rejectorOf(report);
  report.stopped = await readCsvInBatches(input, {
    columns: PRICE_LIST_CSV_COLUMNS,
    required: PRICE_LIST_CSV_REQUIRED,
    parse: parsedBy<PriceListCsvLine>(priceListCsvLine),
    once: { key: keyOf, again: (_, first) => priceListMessages.lineAgain(first) },
    batchLines: BATCH_LINES,
    apply: (lines) =>
      db.transaction(async (tx) => {
        await applyBatch(tx, listId, lines, reject, report);
        await committed(tx, report);
      }),
    reject,
    onProgress,
  });
  await analyzeAfterImport(db, report.added + report.updated, ['price_list_entries']);
  return report;
}

interface ExportRow {
  id: string;
  sku: string | null;
  minQuantity: number;
  priceCents: number | null;
  brand: string | null;
  category: string | null;
  percentOff: string | number | null;
}

/** The list's entries after entry `after`, a thousand at a time (keyset on the entry's id). */
async function* exportLines(db: Database, listId: string, name: string) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await rowsOf<ExportRow>(
      db,
      sql`select e.id, p.sku, e.min_quantity as "minQuantity", e.price_cents as "priceCents",
          b.slug as brand, c.slug as category, e.percent_off as "percentOff"
        from price_list_entries e
        left join products p on p.id = e.product_id
        left join brands b on b.id = e.brand_id
        left join categories c on c.id = e.category_id
        where e.price_list_id = ${listId} and e.id > ${after}
        order by e.id limit ${BATCH_LINES}`,
    );
    for (const row of rows)
      yield row.sku !== null
        ? [name, row.sku, row.minQuantity, csvDollars(row.priceCents ?? 0), '', '', '']
        : [name, '', '', '', row.brand ?? '', row.category ?? '', Number(row.percentOff)];
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

/**
 * A price list as CSV (`GET /admin/price-lists/{id}/export.csv`), in the columns the import
 * reads, streamed a thousand entries at a time: an unknown list is a 404 before the first byte.
 */
export async function exportPriceListCsv(
  db: Database,
  listId: string,
): Promise<{ name: string; body: Readable }> {
  const name = await lockedListName(db, listId);
  return { name, body: csvStream(PRICE_LIST_CSV_COLUMNS, exportLines(db, listId, name)) };
}
