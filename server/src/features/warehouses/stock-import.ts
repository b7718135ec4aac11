import type { Readable } from 'node:stream';
import { emptyChangeCountsReport } from '@proper-parts/domain/csv-import';
import {
  STOCK_CSV_COLUMNS,
  type StockCsvLine,
  type StockImportReport,
  stockCsvLine,
  warehouseMessages,
} from '@proper-parts/domain/warehouses';
import { sql } from 'drizzle-orm';
import { analyzeAfterImport } from '../../csv/analyze-after-import.ts';
import { type CsvLine, parsedBy, readCsvInBatches, rejectorOf } from '../../csv/read-csv.ts';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { ImportCommitted, ImportProgress } from '../../http/csv-upload.ts';

/** Lines applied per transaction. */
const BATCH_LINES = 1000;

const key = (productId: string, warehouseId: number) => `${productId}:${warehouseId}`;

/** One batch in the transaction `db`: lines resolved, products locked, counts set. */
async function applyBatch(
  db: Queryable,
  started: string,
  lines: CsvLine<StockCsvLine>[],
  reject: (line: number, reason: string) => void,
  report: StockImportReport,
) {
  const skus = [...new Set(lines.map(({ row }) => row.sku.toLowerCase()))];
  const products = new Map(
    (
      await rowsOf<{ id: string; sku: string }>(
        db,
        sql`select id, lower(sku) as sku from products
          where lower(sku) = any(${sql.param(skus)}::text[]) and deleted_at is null`,
      )
    ).map((row) => [row.sku, row.id]),
  );
  const warehouses = new Map(
    (
      await rowsOf<{ id: number; name: string }>(
        db,
        // Shared until the batch commits: a removal of one of them waits.
        sql`select id, lower(name) as name from warehouses for key share`,
      )
    ).map((row) => [row.name, Number(row.id)]),
  );
  const wanted: { productId: string; warehouseId: number; quantity: number }[] = [];
  for (const { line, row } of lines) {
    const productId = products.get(row.sku.toLowerCase());
    const warehouseId = warehouses.get(row.warehouse.toLowerCase());
    if (!productId) reject(line, warehouseMessages.csvUnknownSku(row.sku));
    else if (warehouseId === undefined) reject(line, warehouseMessages.unknown(row.warehouse));
    else wanted.push({ productId, warehouseId, quantity: row.quantity });
  }
  if (wanted.length === 0) return;
  const ids = [...new Set(wanted.map((w) => w.productId))];
  // Checkout's lock order: the products in id order, then (below) their warehouse rows.
  await db.execute(
    sql`select id from products where id = any(${sql.param(ids)}::uuid[]) order by id
      for no key update`,
  );
  const held = new Map(
    (
      await rowsOf<{ productId: string; warehouseId: number; quantity: number }>(
        db,
        sql`select product_id as "productId", warehouse_id as "warehouseId", quantity
          from warehouse_stock where product_id = any(${sql.param(ids)}::uuid[])
          order by product_id, warehouse_id for no key update`,
      )
    ).map((row) => [key(row.productId, Number(row.warehouseId)), Number(row.quantity)]),
  );
  // Pieces orders took from these warehouses since the import began: the file counted them.
  const taken = new Map(
    (
      await rowsOf<{ productId: string; warehouseId: number; pieces: number }>(
        db,
        sql`select l.product_id as "productId", a.warehouse_id as "warehouseId",
            sum(a.quantity)::int as pieces
          from orders o
            join order_line_allocations a on a.order_id = o.id
            join order_lines l on l.order_id = a.order_id and l.line_no = a.line_no
          where o.created_at >= ${started}::timestamptz
            and l.product_id = any(${sql.param(ids)}::uuid[])
          group by 1, 2`,
      )
    ).map((row) => [key(row.productId, Number(row.warehouseId)), Number(row.pieces)]),
  );
  const delta = new Map<string, number>();
  const set: typeof wanted = [];
  for (const w of wanted) {
    const k = key(w.productId, w.warehouseId);
    const quantity = Math.max(w.quantity - (taken.get(k) ?? 0), 0);
    const before = held.get(k);
    if (before === undefined) report.added++;
    else if (before === quantity) {
      report.unchanged++;
      continue;
    } else report.updated++;
    set.push({ ...w, quantity });
    delta.set(w.productId, (delta.get(w.productId) ?? 0) + quantity - (before ?? 0));
  }
  if (set.length === 0) return;
  const column = <K extends keyof (typeof set)[number]>(name: K) =>
    sql.param(set.map((w) => w[name]));
  await db.execute(
    sql`insert into warehouse_stock (product_id, warehouse_id, quantity)
      select * from unnest(${column('productId')}::uuid[], ${column('warehouseId')}::int[],
        ${column('quantity')}::int[])
      on conflict (product_id, warehouse_id)
      do update set quantity = excluded.quantity, updated_at = now()`,
  );
  const moved = [...delta].filter(([, by]) => by !== 0);
  if (moved.length > 0)
    await db.execute(
      sql`update products p set available_quantity = p.available_quantity + d.by
        from unnest(${sql.param(moved.map(([id]) => id))}::uuid[],
          ${sql.param(moved.map(([, by]) => by))}::int[]) as d(id, by)
        where p.id = d.id`,
    );
}

/**
 * Imports stock per warehouse from a CSV (`sku,warehouse,quantity`: an ERP's nightly file),
 * streamed a batch at a time, each batch one transaction, progress after each. The file counts
 * the stock as it was when the import began: a line sets the warehouse's count to the file's,
 * less what orders placed since the import began took from that warehouse (never below 0), under
 * the product's row lock, as an order takes it. An order placed during the import is thus
 * neither undone (its pieces given back) nor counted twice. The product's sum moves with it.
 */
export async function importStockCsv(
  db: Database,
  input: Readable,
  onProgress: ImportProgress = () => {},
  committed: ImportCommitted<StockImportReport> = async () => {},
): Promise<StockImportReport> {
  const report: StockImportReport = emptyChangeCountsReport();
  const reject = rejectorOf(report);
  const [{ now: started } = { now: '' }] = await rowsOf<{ now: string }>(
    db,
    sql`select now()::text as now`,
  );
  report.stopped = await readCsvInBatches(input, {
    columns: STOCK_CSV_COLUMNS,
    required: STOCK_CSV_COLUMNS,
    parse: parsedBy<StockCsvLine>(stockCsvLine),
    once: {
      key: (row) => `${row.sku.toLowerCase()}\n${row.warehouse.toLowerCase()}`,
      again: (_, first) => warehouseMessages.csvLineAgain(first),
    },
    batchLines: BATCH_LINES,
    apply: (lines) =>
      db.transaction(async (tx) => {
        await applyBatch(tx, started, lines, reject, report);
        await committed(tx, report);
      }),
    reject,
    onProgress,
  });
  await analyzeAfterImport(db, report.added + report.updated, ['warehouse_stock']);
  return report;
}
