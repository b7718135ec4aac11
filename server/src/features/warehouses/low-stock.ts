import type { Readable } from 'node:stream';
import { LOW_STOCK_CSV_COLUMNS, type LowStockItem } from '@proper-parts/domain/warehouses';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { csvStream } from '../../http/csv-download.ts';

/** Keyset on (warehouse id, product id): the cursor names the last pair seen. */
const encode = (item: LowStockItem) =>
  Buffer.from(JSON.stringify([item.warehouseId, item.productId])).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function afterOf(cursor: string | undefined): SQL {
  if (cursor === undefined) return sql`true`;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      Number.isInteger(value[0]) &&
      typeof value[1] === 'string' &&
      UUID.test(value[1])
    )
      return sql`(s.warehouse_id, s.product_id) > (${value[0]}::int, ${value[1]}::uuid)`;
  } catch {
    // Not base64url JSON: the same answer as any other bad cursor.
  }
  throw new AppError('INVALID', 'cursor: is not a cursor this list gave; start again without one');
}

async function lowRows(
  db: Queryable,
  { limit, cursor, warehouse }: { limit: number; cursor?: string; warehouse?: number },
): Promise<LowStockItem[]> {
  const rows = await rowsOf<LowStockItem>(
    db,
    sql`select s.product_id as "productId", p.sku, p.name, s.warehouse_id as "warehouseId",
        w.name as warehouse, s.quantity, s.reorder_point as "reorderPoint"
      from warehouse_stock s
        join products p on p.id = s.product_id
        join warehouses w on w.id = s.warehouse_id
      where s.quantity < s.reorder_point and p.deleted_at is null and ${afterOf(cursor)}
        ${warehouse === undefined ? sql`` : sql`and s.warehouse_id = ${warehouse}`}
      order by s.warehouse_id, s.product_id
      limit ${limit}`,
  );
  return rows.map((row) => ({
    ...row,
    warehouseId: Number(row.warehouseId),
    quantity: Number(row.quantity),
    reorderPoint: Number(row.reorderPoint),
  }));
}

/** What is below its reorder point, per warehouse (warehouse id, then product id). */
export async function listLowStock(
  db: Queryable,
  query: { limit: number; cursor?: string | undefined; warehouse?: number | undefined },
): Promise<{ items: LowStockItem[]; nextCursor: string | null }> {
  const rows = await lowRows(db, {
    limit: query.limit + 1,
    ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
    ...(query.warehouse !== undefined ? { warehouse: query.warehouse } : {}),
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encode(last) : null };
}

/** The whole low-stock list as CSV, a thousand rows a read; every cell formula-safe. */
export function lowStockCsv(db: Queryable, warehouse?: number): Readable {
  async function* lines() {
    let cursor: string | undefined;
    for (;;) {
      const page = await listLowStock(db, { limit: 1000, cursor, warehouse });
      for (const item of page.items)
        yield [item.sku, item.name, item.warehouse, item.quantity, item.reorderPoint];
      if (page.nextCursor === null) return;
      cursor = page.nextCursor;
    }
  }
  return csvStream(LOW_STOCK_CSV_COLUMNS, lines());
}
