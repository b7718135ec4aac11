import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.ts';

/**
 * Issue 36: the pieces of the order's allocations not shipped go back to the warehouses they came
 * from, in the statement that gives the product its sum back, stock rows locked after `locked`
 * locked their products. A line placed before warehouses (no allocation) gives back to the sum
 * alone: the sum's trigger puts it in Main (migration 0032).
 */
const backToWarehouses = (orderId: string) => sql`back as (
      select l.product_id, a.warehouse_id, sum(a.quantity - a.shipped)::int as pieces
      from order_line_allocations a
        join order_lines l on l.order_id = a.order_id and l.line_no = a.line_no
      where a.order_id = ${orderId} and l.product_id in (select id from locked)
      group by 1, 2
    ), restocked as (
      update warehouse_stock s set quantity = s.quantity + b.pieces, updated_at = now()
      from back b
      where s.product_id = b.product_id and s.warehouse_id = b.warehouse_id and b.pieces > 0
    )`;

/**
 * Issue 36: the pieces of purchase orders promised to the order's backordered lines are open again
 * (run after the statement that locked the order's products: purchase order rows are locked after
 * their product's row, as checkout locks them).
 */
const unpromise = (orderId: string) => sql`with gone as (
      delete from backorder_promises where order_id = ${orderId}
      returning purchase_order_id, quantity
    ), summed as (
      select purchase_order_id, sum(quantity)::int as pieces from gone group by purchase_order_id
    )
    update purchase_orders o set promised = o.promised - s.pieces
    from summed s where o.id = s.purchase_order_id`;

/**
 * Gives back what an order held, once the order has just been cancelled (unpaid, or awaiting an
 * approval that was refused or ran out): every line's stock taken (`quantity - backordered`: a
 * quote's pieces above the stock were never taken), and, for an order on account, its total from
 * the company's balance. Run in the transaction of the guarded update that cancelled it, so each
 * order is released once. Products are locked in id order, as checkout locks them: a release and
 * a checkout sharing parts cannot deadlock.
 */
export async function releaseOrder(tx: Queryable, orderId: string): Promise<void> {
  await tx.execute(
    sql`with locked as (
      select p.id from products p
      where p.id in (select product_id from order_lines where order_id = ${orderId})
      order by p.id for no key update
    ), ${backToWarehouses(orderId)}
    update products set available_quantity = products.available_quantity + l.quantity - l.backordered
    from order_lines l, locked
    where l.order_id = ${orderId} and products.id = l.product_id and locked.id = l.product_id`,
  );
  await tx.execute(unpromise(orderId));
  await tx.execute(
    sql`update companies c set balance_cents = c.balance_cents - o.total_cents, updated_at = now()
      from orders o
      where o.id = ${orderId} and o.payment_terms = 'account' and c.id = o.company_id`,
  );
}

/**
 * Issue 33: gives back the stock of a partially shipped order's unshipped pieces, once the order
 * has just been closed (its guarded update, in the same transaction). Products locked in id order.
 */
export async function releaseUnshipped(tx: Queryable, orderId: string): Promise<void> {
  await tx.execute(
    sql`with locked as (
      select p.id from products p
      where p.id in (select product_id from order_lines where order_id = ${orderId})
      order by p.id for no key update
    ), ${backToWarehouses(orderId)}, unshipped as (
      select product_id, sum(greatest(quantity - backordered - shipped, 0)) as pieces
      from order_lines where order_id = ${orderId} group by product_id
    )
    update products set available_quantity = products.available_quantity + unshipped.pieces
    from unshipped, locked
    where products.id = unshipped.product_id and locked.id = unshipped.product_id
      and unshipped.pieces > 0`,
  );
  await tx.execute(unpromise(orderId));
}
