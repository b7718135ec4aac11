import { orderMessages } from '@proper-parts/domain/orders';
import {
  type CreateReturnRequest,
  type ReturnRequest,
  returnMessages,
} from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import { ADMINS, membershipOf } from '../companies/company-access.ts';
import { attachPhotos } from './return-photos.ts';
import { findReturn } from './returns-repository.ts';

interface Returnable {
  productId: string;
  shipped: number;
  /** Pieces of the product in the order's returns that were not refused. */
  asked: number;
  /** Whether its latest shipment is still within the return window. */
  inWindow: boolean;
  /** Issue 37: its core deposit per piece on the order (0: none), and whether the core window is open. */
  deposit: number;
  coreInWindow: boolean;
}

/**
 * The order's products with pieces shipped: how many, how many already asked back, and whether
 * the window is open (counted from the latest shipment that carried the product; an order shipped
 * before shipments existed, from its last update).
 */
const returnables = (tx: Queryable, orderId: string, windowDays: number) =>
  rowsOf<Returnable>(
    tx,
    sql`with shipped as (
        select product_id, sum(shipped)::int as shipped from order_lines
        where order_id = ${orderId} and shipped > 0 group by product_id
      ), asked as (
        select l.product_id, sum(l.quantity)::int as asked
        from return_lines l join returns r on r.id = l.return_id
        where r.order_id = ${orderId} and r.state <> 'refused' group by l.product_id
      ), last_shipped as (
        select sl.product_id, max(s.created_at) as at
        from shipments s join shipment_lines sl on sl.shipment_id = s.id
        where s.order_id = ${orderId} group by sl.product_id
      )
      select s.product_id as "productId", s.shipped, coalesce(a.asked, 0)::int as asked,
        coalesce(ls.at, o.updated_at) + make_interval(days => ${windowDays}::int) > now()
          as "inWindow",
        coalesce(d.deposit, 0)::int as deposit,
        coalesce(ls.at, o.updated_at) + make_interval(days => coalesce(d.days, 0)) > now()
          as "coreInWindow"
      from shipped s
      join orders o on o.id = ${orderId}
      left join asked a on a.product_id = s.product_id
      left join last_shipped ls on ls.product_id = s.product_id
      left join lateral (
        select max(l.core_deposit_cents) as deposit, max(l.core_return_days) as days
        from order_lines l where l.order_id = ${orderId} and l.product_id = s.product_id
          and l.core_deposit_cents > 0
      ) d on true`,
  );

/**
 * `POST /orders/{id}/returns` (decision 037): the order's buyer, or an admin of its company, asks
 * to send back shipped pieces. One transaction with the order row locked first: concurrent
 * requests queue there and each counts what the earlier ones asked, so together they never ask
 * for more than was shipped. Refused (422, naming `lines`): a product not shipped on the order,
 * named twice, more pieces than are left to return, or past the window. Another's order: 404.
 */
export function requestReturn(
  db: Database,
  actor: Actor,
  orderId: string,
  request: CreateReturnRequest,
  windowDays: number,
): Promise<ReturnRequest> {
  return db.transaction(async (tx) => {
    const [order] = await rowsOf<{ userId: string; companyId: string | null }>(
      tx,
      sql`select user_id as "userId", company_id as "companyId" from orders
        where id = ${orderId} for update`,
    );
    if (!order || !(await mayAskForReturn(tx, actor, order)))
      throw new AppError('NOT_FOUND', orderMessages.orderNotFound);
    const left = await returnables(tx, orderId, windowDays);
    const seen = new Set<string>();
    for (const line of request.lines) {
      if (seen.has(line.productId))
        throw new AppError('UNPROCESSABLE', returnMessages.duplicate(line.productId));
      seen.add(line.productId);
      const found = left.find((entry) => entry.productId === line.productId);
      if (!found) throw new AppError('UNPROCESSABLE', returnMessages.notOnOrder(line.productId));
      // Issue 37: a core comes back on its own window (after it the shop takes it, keeping the
      // deposit); only a part with a deposit has a core to return.
      if (line.reason === 'core_return') {
        if (found.deposit <= 0)
          throw new AppError('UNPROCESSABLE', returnMessages.noCoreDeposit(line.productId));
      } else if (!found.inWindow)
        throw new AppError(
          'UNPROCESSABLE',
          returnMessages.windowClosed(line.productId, windowDays),
        );
      const returnable = Math.max(found.shipped - found.asked, 0);
      if (line.quantity > returnable)
        throw new AppError(
          'UNPROCESSABLE',
          returnMessages.moreThanReturnable(line.productId, returnable),
        );
    }
    const [made] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into returns (order_id, user_id, company_id, requested_by, note)
        values (${orderId}, ${order.userId}, ${order.companyId}, ${actor.id},
          ${request.note?.trim() ? request.note.trim() : null})
        returning id`,
    );
    const lines = JSON.stringify(
      request.lines.map((line) => ({
        product_id: line.productId,
        quantity: line.quantity,
        reason: line.reason,
        // Issue 37: judged when the buyer asks, so the shop's pace of receiving costs them nothing.
        core_late:
          line.reason === 'core_return' &&
          left.find((entry) => entry.productId === line.productId)?.coreInWindow !== true,
      })),
    );
    await tx.execute(
      sql`insert into return_lines (return_id, product_id, quantity, reason, core_late)
        select ${made!.id}, product_id, quantity, reason, core_late
        from jsonb_to_recordset(${lines}::jsonb)
          as r(product_id uuid, quantity int, reason text, core_late boolean)`,
    );
    if (request.photos?.length) await attachPhotos(tx, actor.id, made!.id, request.photos);
    return (await findReturn(tx, made!.id)) as ReturnRequest;
  });
}

/** The order's buyer, or an admin of the order's company (read now: a removed admin may not). */
async function mayAskForReturn(
  tx: Queryable,
  actor: Actor,
  order: { userId: string; companyId: string | null },
): Promise<boolean> {
  if (order.userId === actor.id) return true;
  if (!order.companyId) return false;
  const member = await membershipOf(tx, actor.id);
  return (
    member?.companyId === order.companyId && (ADMINS as readonly string[]).includes(member.role)
  );
}
