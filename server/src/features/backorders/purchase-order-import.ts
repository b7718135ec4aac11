import type { Readable } from 'node:stream';
import {
  backorderAdminMessages,
  PURCHASE_ORDER_CSV_COLUMNS,
  type PurchaseOrderCsvLine,
  type PurchaseOrderImportReport,
  purchaseOrderCsvLine,
  purchaseOrderRequest,
} from '@proper-parts/domain/backorders';
import { sql } from 'drizzle-orm';
import { analyzeAfterImport } from '../../csv/analyze-after-import.ts';
import { type CsvLine, parsedBy, readCsvInBatches, rejectorOf } from '../../csv/read-csv.ts';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { ImportCommitted, ImportProgress } from '../../http/csv-upload.ts';

/** Lines applied per transaction. */
const BATCH_LINES = 1000;

interface NewPurchaseOrder {
  productId: string;
  quantity: number;
  expectedOn: string;
  reference: string;
}

/**
 * One batch in the transaction `db`: its SKUs found (any case, as the shop matches them), each
 * line checked as `addPurchaseOrder` checks the form's, and its purchase orders added in one
 * statement. A refused line adds nothing; the batch's other lines are added.
 */
async function applyBatch(
  db: Queryable,
  lines: CsvLine<PurchaseOrderCsvLine>[],
  reject: (line: number, reason: string) => void,
  report: PurchaseOrderImportReport,
) {
  const skus = [...new Set(lines.map(({ row }) => row.sku.toLowerCase()))];
  const products = new Map(
    (
      await rowsOf<{ id: string; sku: string }>(
        db,
        // Shared until the batch commits: a product's removal waits for its new purchase orders.
        sql`select id, lower(sku) as sku from products
          where lower(sku) = any(${sql.param(skus)}::text[]) and deleted_at is null
          for key share`,
      )
    ).map((row) => [row.sku, row.id]),
  );
  const wanted: NewPurchaseOrder[] = [];
  for (const { line, row } of lines) {
    const productId = products.get(row.sku.toLowerCase());
    if (!productId) {
      reject(line, backorderAdminMessages.csvUnknownSku(row.sku));
      continue;
    }
    const po = purchaseOrderRequest.safeParse({
      productId,
      quantity: row.quantity,
      expectedOn: row.expected_on,
    });
    if (po.success) wanted.push(po.data);
    else reject(line, po.error.issues.map((issue) => issue.message).join('; '));
  }
  if (wanted.length === 0) return;
  const column = <K extends keyof NewPurchaseOrder>(name: K) =>
    sql.param(wanted.map((po) => po[name]));
  const [made] = await rowsOf<{ n: number }>(
    db,
    sql`with made as (
        insert into purchase_orders (product_id, quantity, expected_on, reference)
        select * from unnest(${column('productId')}::uuid[], ${column('quantity')}::int[],
          ${column('expectedOn')}::date[], ${column('reference')}::text[])
        returning 1
      )
      select count(*)::int as n from made`,
  );
  report.added += Number(made?.n ?? 0);
}

/**
 * Issue 36: purchase orders of incoming stock from a CSV (`sku,quantity,expected_on`, a
 * supplier's confirmation), streamed a batch at a time with progress after each. Each valid line
 * adds one purchase order, as `POST /admin/purchase-orders` adds it; its pieces may be
 * backordered at once. A refused line (an unknown SKU, a quantity below 1, not a date) is listed
 * with its line number and adds nothing. `db` is the app's database (each batch its own
 * transaction) or, under an Idempotency-Key, the one transaction of the whole import.
 */
export async function importPurchaseOrdersCsv(
  db: Database,
  input: Readable,
  onProgress: ImportProgress = () => {},
  committed: ImportCommitted<PurchaseOrderImportReport> = async () => {},
): Promise<PurchaseOrderImportReport> {
  const report: PurchaseOrderImportReport = {
    added: 0,
    rejected: 0,
    rejections: [],
    stopped: null,
  };
  const reject = rejectorOf(report);
  report.stopped = await readCsvInBatches(input, {
    columns: PURCHASE_ORDER_CSV_COLUMNS,
    required: PURCHASE_ORDER_CSV_COLUMNS,
    parse: parsedBy<PurchaseOrderCsvLine>(purchaseOrderCsvLine),
    batchLines: BATCH_LINES,
    apply: (lines) =>
      db.transaction(async (tx) => {
        await applyBatch(tx, lines, reject, report);
        await committed(tx, report);
      }),
    reject,
    onProgress,
  });
  await analyzeAfterImport(db, report.added, ['purchase_orders']);
  return report;
}
