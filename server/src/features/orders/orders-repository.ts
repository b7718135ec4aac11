import type { PaginationQuery } from '@proper-parts/domain/envelope';
import type { ManageOrdersQuery, Order } from '@proper-parts/domain/orders';
import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { orders } from '../../db/schema.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { shipTheRest } from '../shipments/ship-lines.ts';
import { recordOrderEvents } from '../webhooks/outbox.ts';
import { type OrderRow, orderColumns, ordersWithLines, toOrder } from './order-view.ts';
import { releaseOrder, releaseUnshipped } from './release-order.ts';

/** A page of orders and the cursor of the next (http/keyset.ts). */
export interface OrderPage {
  items: Order[];
  nextCursor: string | null;
}

export async function findOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * One customer's orders, newest first; cancelled orders leave the list, except those an approver
 * rejected or whose approval ran out (issue 19): the buyer reads why on the order.
 */
export async function listOrdersOfUser(
  db: Database,
  userId: string,
  page: PaginationQuery,
): Promise<OrderPage> {
  const mine = and(
    eq(orders.userId, userId),
    or(ne(orders.status, 'cancelled'), isNotNull(orders.rejectionReason)),
  );
  const rows = await db
    .select({ row: orders, cursorAt: cursorAt(orders) })
    .from(orders)
    .where(page.cursor ? and(mine, afterCursor(orders, page.cursor)) : mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const { items, nextCursor } = pageOf(
    rows,
    page.limit,
    ({ row }) => row,
    ({ row }) => row.id,
  );
  return { items: await ordersWithLines(db, items), nextCursor };
}

/** Every order, newest first, of one status, or all but cancelled ones. */
export async function listAllOrders(db: Database, query: ManageOrdersQuery): Promise<OrderPage> {
  const shown = query.status ? eq(orders.status, query.status) : ne(orders.status, 'cancelled');
  const rows = await db
    .select({ row: orders, cursorAt: cursorAt(orders) })
    .from(orders)
    .where(query.cursor ? and(shown, afterCursor(orders, query.cursor)) : shown)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const { items, nextCursor } = pageOf(
    rows,
    query.limit,
    ({ row }) => row,
    ({ row }) => row.id,
  );
  return { items: await ordersWithLines(db, items), nextCursor };
}

/**
 * Cancels an unpaid order, or one still awaiting approval (the buyer withdraws it), and gives
 * back what it held (release-order.ts: the stock of every line, the credit of one on account).
 * The guarded update makes one of a cancel racing a payment, an approval, a ship or another cancel
 * the one that changes the order. Undefined when the order was not cancellable (any more).
 */
export async function cancelUnpaidOrder(db: Database, id: string): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<OrderRow>(
      tx,
      sql`update orders set status = 'cancelled', approval_expires_at = null, updated_at = now()
        where id = ${id} and status in ('unpaid', 'awaiting_approval')
        returning ${orderColumns}`,
    );
    if (!row) return undefined;
    await releaseOrder(tx, id);
    await recordOrderEvents(tx, 'order.cancelled', [row]);
    return toOrder(row);
  });
}

/**
 * Ships everything left of a paid order (pending, or partially shipped) as one shipment, with its
 * `shipment.created` and `order.shipped` events; undefined when it was not shippable (any more).
 */
export async function shipPendingOrder(db: Database, id: string): Promise<Order | undefined> {
  const shipped = await db.transaction((tx) => shipTheRest(tx, id));
  return shipped && toOrder(shipped);
}

/**
 * Cancels what is not shipped yet of a partially shipped order: the stock its unshipped pieces
 * took goes back (`quantity - backordered - shipped` per line, never below 0: the pieces that
 * shipped were the ones in stock first), and the order is closed as `shipped` with what it
 * shipped. Undefined when the order was not partially shipped (any more).
 */
export async function cancelUnshippedRest(db: Database, id: string): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<OrderRow>(
      tx,
      sql`update orders set status = 'shipped', updated_at = now()
        where id = ${id} and status = 'partially_shipped'
        returning ${orderColumns}`,
    );
    if (!row) return undefined;
    await releaseUnshipped(tx, id);
    await recordOrderEvents(tx, 'order.shipped', [row]);
    return toOrder(row);
  });
}
