import {
  backorderAdminMessages,
  type PurchaseOrderReceipt,
  type PurchaseOrderReceiveRequest,
} from '@proper-parts/domain/backorders';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { lockProduct } from '../warehouses/stock-writes.ts';
import { warehouseOf } from '../warehouses/warehouse-store.ts';
import { purchaseOrderOf } from './backorder-store.ts';

/**
 * Issue 36: a purchase order's goods came in, to one warehouse. The pieces promised to orders'
 * backordered lines are theirs, not stock anyone may buy: each promise becomes the line's
 * allocation in that warehouse (its pick list shows them) and leaves the line's `backordered`
 * (a line with nothing backordered left has no expected date); only the rest goes into the
 * warehouse's stock and the product's sum. (Promised pieces the shop already shipped, ahead of
 * the goods, were delivered: they are handed over, not picked again.) The purchase order is then
 * received: no checkout
 * promises from it again, and no product page shows it as incoming.
 *
 * Runs in the caller's transaction, locking as checkout locks: the product row, then the purchase
 * order's row. A checkout promising from it at the same moment either committed first (its promise
 * is handed over here) or waits and finds it received. Once: a second receipt is a 409.
 */
export async function receivePurchaseOrder(
  tx: Queryable,
  id: string,
  input: PurchaseOrderReceiveRequest,
): Promise<PurchaseOrderReceipt> {
  const found = await purchaseOrderOf(tx, id);
  await lockProduct(tx, found.productId);
  const warehouse = await warehouseOf(tx, input.warehouse);
  const [po] = await rowsOf<{ quantity: number; receivedAt: string | Date | null }>(
    tx,
    sql`select quantity, received_at as "receivedAt" from purchase_orders
      where id = ${id} for no key update`,
  );
  if (!po) throw new AppError('NOT_FOUND', backorderAdminMessages.notFound);
  if (po.receivedAt !== null)
    throw new AppError(
      'CONFLICT',
      backorderAdminMessages.alreadyReceived(new Date(po.receivedAt).toISOString().slice(0, 10)),
    );
  const [handed] = await rowsOf<{ pieces: number; orders: number }>(
    tx,
    sql`with gone as (
        delete from backorder_promises where purchase_order_id = ${id}
        returning order_id, line_no, quantity
      ), lined as (
        update order_lines l set backordered = l.backordered - g.quantity,
          expected_on = case when l.backordered = g.quantity then null else l.expected_on end
        from gone g
        where l.order_id = g.order_id and l.line_no = g.line_no
        returning l.order_id
      ), fit as (
        select g.order_id, g.line_no, least(g.quantity, greatest(l.quantity - l.shipped
            - coalesce((select sum(a.quantity - a.shipped) from order_line_allocations a
                where a.order_id = g.order_id and a.line_no = g.line_no), 0), 0)) as pieces
        from gone g join order_lines l on l.order_id = g.order_id and l.line_no = g.line_no
      ), allocated as (
        insert into order_line_allocations (order_id, line_no, warehouse_id, quantity)
        select order_id, line_no, ${warehouse.id}, pieces from fit where pieces > 0
        on conflict (order_id, line_no, warehouse_id)
        do update set quantity = order_line_allocations.quantity + excluded.quantity
      )
      select coalesce(sum(quantity), 0)::int as pieces,
        (select count(distinct order_id) from lined)::int as orders
      from gone`,
  );
  const toOrders = Number(handed?.pieces ?? 0);
  const toStock = Number(po.quantity) - toOrders;
  if (toStock > 0) {
    // The warehouse's row first, then the sum: the sum's trigger finds them equal (stock-writes.ts).
    await tx.execute(
      sql`insert into warehouse_stock (product_id, warehouse_id, quantity)
        values (${found.productId}, ${warehouse.id}, ${toStock})
        on conflict (product_id, warehouse_id)
        do update set quantity = warehouse_stock.quantity + excluded.quantity, updated_at = now()`,
    );
    await tx.execute(
      sql`update products set available_quantity = available_quantity + ${toStock}
        where id = ${found.productId}`,
    );
  }
  await tx.execute(
    sql`update purchase_orders set received_at = now(), received_warehouse_id = ${warehouse.id}
      where id = ${id}`,
  );
  return {
    purchaseOrder: await purchaseOrderOf(tx, id),
    toOrders,
    orders: Number(handed?.orders ?? 0),
    toStock,
  };
}
