import {
  type ProductStock,
  type StockAdjustRequest,
  type StockTransferRequest,
  warehouseMessages,
} from '@proper-parts/domain/warehouses';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { recordEventsFrom, warehouseLowCrossed, warehouseLowJson } from '../webhooks/outbox.ts';
import { warehouseOf } from './warehouse-store.ts';

/**
 * Stock changes that know warehouses. Each runs in the caller's transaction and locks as checkout
 * does: the product row first, then its warehouse_stock rows in warehouse id order; so an order,
 * an adjustment, a transfer and an import sharing a product queue on its row and never deadlock.
 * A change of a row and of the product's sum (`available_quantity`, the spec's
 * `availableQuantity`) go in the same transaction, the row first: the sum's trigger (migration
 * 0032) then finds them equal and does nothing.
 */
export async function lockProduct(db: Queryable, productId: string): Promise<void> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`select id from products where id = ${productId} and deleted_at is null for no key update`,
  );
  if (!row) throw new AppError('NOT_FOUND', warehouseMessages.productNotFound);
}

/** The product's stock in every warehouse (0 where it has none), in warehouse id order. */
export async function productStockOf(db: Queryable, productId: string): Promise<ProductStock> {
  const rows = await rowsOf<{
    warehouseId: number;
    warehouse: string;
    quantity: number;
    reorderPoint: number;
    total: number;
  }>(
    db,
    sql`select w.id as "warehouseId", w.name as warehouse, coalesce(s.quantity, 0) as quantity,
        coalesce(s.reorder_point, 0) as "reorderPoint",
        (select available_quantity from products where id = ${productId} and deleted_at is null)
          as total
      from warehouses w
        left join warehouse_stock s on s.warehouse_id = w.id and s.product_id = ${productId}
      order by w.id`,
  );
  if (rows[0]?.total === null || rows[0]?.total === undefined)
    throw new AppError('NOT_FOUND', warehouseMessages.productNotFound);
  return {
    productId,
    availableQuantity: Number(rows[0].total),
    warehouses: rows.map(({ total: _total, ...level }) => ({
      ...level,
      warehouseId: Number(level.warehouseId),
      quantity: Number(level.quantity),
      reorderPoint: Number(level.reorderPoint),
    })),
  };
}

/** Sets the product's count in one warehouse (and its reorder point, when given). */
export async function adjustStock(
  db: Queryable,
  productId: string,
  input: StockAdjustRequest,
): Promise<{ warehouse: string; before: number; after: number }> {
  await lockProduct(db, productId);
  const warehouse = await warehouseOf(db, input.warehouse);
  const [held] = await rowsOf<{ quantity: number }>(
    db,
    sql`select quantity from warehouse_stock
      where product_id = ${productId} and warehouse_id = ${warehouse.id} for no key update`,
  );
  const before = Number(held?.quantity ?? 0);
  await db.execute(
    sql`insert into warehouse_stock (product_id, warehouse_id, quantity, reorder_point)
      values (${productId}, ${warehouse.id}, ${input.quantity}, ${input.reorderPoint ?? 0})
      on conflict (product_id, warehouse_id) do update set quantity = excluded.quantity,
        reorder_point = ${input.reorderPoint === undefined ? sql`warehouse_stock.reorder_point` : sql`excluded.reorder_point`},
        updated_at = now()`,
  );
  if (input.quantity !== before)
    await db.execute(
      sql`update products set available_quantity = available_quantity + ${input.quantity - before}
        where id = ${productId}`,
    );
  await recordWarehouseLow(db, productId, warehouse.id, before);
  return { warehouse: warehouse.name, before, after: input.quantity };
}

/** Moves pieces between two warehouses: all or nothing, never below 0; the sum stays. */
export async function transferStock(
  db: Queryable,
  input: StockTransferRequest,
): Promise<{ from: string; to: string }> {
  await lockProduct(db, input.productId);
  const from = await warehouseOf(db, input.from, 'from');
  const to = await warehouseOf(db, input.to, 'to');
  if (from.id === to.id) throw new AppError('INVALID', 'to: another warehouse than from');
  const held = await rowsOf<{ warehouseId: number; quantity: number }>(
    db,
    sql`select warehouse_id as "warehouseId", quantity from warehouse_stock
      where product_id = ${input.productId} and warehouse_id in (${from.id}, ${to.id})
      order by warehouse_id for no key update`,
  );
  const have = Number(held.find((row) => Number(row.warehouseId) === from.id)?.quantity ?? 0);
  if (have < input.quantity)
    throw new AppError('CONFLICT', warehouseMessages.notEnough(have, from.name));
  await db.execute(
    sql`update warehouse_stock set quantity = quantity - ${input.quantity}, updated_at = now()
      where product_id = ${input.productId} and warehouse_id = ${from.id}`,
  );
  await db.execute(
    sql`insert into warehouse_stock (product_id, warehouse_id, quantity)
      values (${input.productId}, ${to.id}, ${input.quantity})
      on conflict (product_id, warehouse_id)
      do update set quantity = warehouse_stock.quantity + excluded.quantity, updated_at = now()`,
  );
  await recordWarehouseLow(db, input.productId, from.id, have);
  return { from: from.name, to: to.name };
}

/**
 * Issue 36: `stock.low` for one warehouse, when this change took its count from `before` (at or
 * above its reorder point, the one it has now) to below it (webhooks/outbox.ts). In the change's
 * transaction, after its writes: the event commits with it or not at all.
 */
async function recordWarehouseLow(
  db: Queryable,
  productId: string,
  warehouseId: number,
  before: number,
): Promise<void> {
  await recordEventsFrom(
    db,
    'stock.low',
    sql`select 'product:' || p.id, ${sql.raw(warehouseLowJson('p', 's', 'w.name'))}
      from warehouse_stock s
        join products p on p.id = s.product_id
        join warehouses w on w.id = s.warehouse_id
        cross join (select ${before}::int as count) b
      where s.product_id = ${productId} and s.warehouse_id = ${warehouseId}
        and ${sql.raw(warehouseLowCrossed('s.quantity', '(b.count - s.quantity)', 's.reorder_point'))}`,
  );
}
