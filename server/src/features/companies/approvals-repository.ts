import { companyMessages } from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import type { Order } from '@proper-parts/domain/orders';
import { orderMessages } from '@proper-parts/domain/orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import {
  type OrderRow,
  orderColumns,
  ordersWithLines,
  orderWithLines,
} from '../orders/order-view.ts';
import { findOrder, type OrderPage } from '../orders/orders-repository.ts';
import { releaseOrder } from '../orders/release-order.ts';
import { orderAndInvoiceEvents, recordOrderEvents } from '../webhooks/outbox.ts';
import type { Membership } from './company-access.ts';

/** The company's orders awaiting approval, the oldest first (the first to expire). */
export async function listAwaitingApproval(
  db: Database,
  companyId: string,
  page: PaginationQuery,
): Promise<OrderPage> {
  const awaiting = and(eq(orders.companyId, companyId), eq(orders.status, 'awaiting_approval'));
  const rows = await db
    .select({ row: orders, cursorAt: cursorAt(orders) })
    .from(orders)
    .where(page.cursor ? and(awaiting, afterCursor(orders, page.cursor, 'asc')) : awaiting)
    .orderBy(asc(orders.createdAt), asc(orders.id))
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

/**
 * order.approved, then invoice.created for the invoice an approval numbers (an order on account):
 * the invoice's part reads the first's rows, so it runs after it and its event comes second.
 */
const approvedEvents = sql.raw(orderAndInvoiceEvents('order.approved', 'approved', 'invoiced'));

/**
 * Approves an order above its buyer's limit: one guarded update, so of two approvers (or an
 * approval racing a rejection, the buyer's cancel or the expiry sweep) exactly one decides. An
 * order on account goes to shipping with its invoice numbered and due after the company's terms
 * (its credit was already held when it was placed); one paid by card waits for the card. Terms
 * withdrawn by the shop since it was placed: refused (an invoice on account needs a due day); the
 * order may still be rejected, or run out.
 */
export async function approveOrder(
  db: Database,
  approver: Membership,
  orderId: string,
  actor: AuditActor,
): Promise<Order> {
  const row = await db.transaction(async (tx) => {
    const [approved] = await rowsOf<OrderRow>(
      tx,
      sql`with approved as (
      update orders o set status = case o.payment_terms when 'account' then 'pending'
          else 'unpaid' end,
        approval_expires_at = null, decided_by = ${approver.userId}, decided_at = now(),
        updated_at = now()
      where o.id = ${orderId} and o.company_id = ${approver.companyId}
        and o.status = 'awaiting_approval' and o.user_id <> ${approver.userId}
        and o.approval_expires_at > now()
        and (o.payment_terms <> 'account' or exists (select 1 from companies c
          where c.id = o.company_id and c.terms_days is not null))
      returning ${orderColumns}
    ), counted as (
      insert into invoice_counters (year, last_number)
      select extract(year from now() at time zone 'UTC')::int, 1
      from approved where approved.status = 'pending'
      on conflict (year) do update set last_number = invoice_counters.last_number + 1
      returning year, last_number
    ), invoiced as (
      insert into invoices (order_id, year, number_in_year, due_on)
      select approved.id, counted.year, counted.last_number,
        (now() at time zone 'UTC')::date + c.terms_days
      from approved, counted, companies c
      where c.id = ${approver.companyId}
      returning order_id, year, number_in_year, due_on
    ), ${approvedEvents}
    select * from approved`,
    );
    if (approved) await recordDecision(tx, actor, approved, 'order.approve');
    return approved;
  });
  if (!row) throw await whyUndecided(db, approver, orderId);
  return orderWithLines(db, row);
}

/** The audit entry of an approver's decision, in its transaction. */
function recordDecision(
  tx: Pick<Database, 'execute'>,
  actor: AuditActor,
  order: OrderRow,
  action: 'order.approve' | 'order.reject',
  reason?: string,
) {
  const verb = action === 'order.approve' ? 'Approved' : 'Rejected';
  return recordAudit(tx, actor, {
    action,
    targetType: 'order',
    targetId: order.id,
    summary: `${verb} order ${order.id.slice(0, 8)} of ${order.email}${reason ? `: ${reason}` : ''}`,
    before: { status: 'awaiting_approval' },
    after: { status: order.status, ...(reason ? { rejectionReason: reason } : {}) },
  });
}

/**
 * Rejects an order awaiting approval, with the approver's reason: it is cancelled, and its stock
 * and held credit go back, in the transaction of the guarded update.
 */
export async function rejectOrder(
  db: Database,
  approver: Membership,
  orderId: string,
  reason: string,
  actor: AuditActor,
): Promise<Order> {
  const row = await db.transaction(async (tx) => {
    const [rejected] = await rowsOf<OrderRow>(
      tx,
      sql`update orders o set status = 'cancelled', rejection_reason = ${reason},
          approval_expires_at = null, decided_by = ${approver.userId}, decided_at = now(),
          updated_at = now()
        where o.id = ${orderId} and o.company_id = ${approver.companyId}
          and o.status = 'awaiting_approval' and o.user_id <> ${approver.userId}
        returning ${orderColumns}`,
    );
    if (rejected) {
      await releaseOrder(tx, orderId);
      await recordDecision(tx, actor, rejected, 'order.reject', reason);
      await recordOrderEvents(tx, 'order.cancelled', [rejected]);
    }
    return rejected;
  });
  if (!row) throw await whyUndecided(db, approver, orderId);
  return orderWithLines(db, row);
}

/** Why an approval or rejection changed nothing, from the order as it is now. */
async function whyUndecided(db: Database, approver: Membership, orderId: string) {
  const row = await findOrder(db, orderId);
  // Another company's order is as unknown as one that does not exist.
  if (!row || row.companyId !== approver.companyId)
    return new AppError('NOT_FOUND', orderMessages.orderNotFound);
  if (row.userId === approver.userId) return new AppError('FORBIDDEN', companyMessages.ownOrder);
  if (row.status === 'awaiting_approval' && row.paymentTerms === 'account') {
    const [company] = await rowsOf<{ termsDays: number | null }>(
      db,
      sql`select terms_days as "termsDays" from companies where id = ${row.companyId}`,
    );
    if (company?.termsDays == null) return new AppError('CONFLICT', companyMessages.noTerms);
  }
  if (row.status === 'awaiting_approval')
    return new AppError('CONFLICT', companyMessages.approvalExpired);
  return new AppError('CONFLICT', companyMessages.orderNotAwaiting);
}

/**
 * Cancels the orders whose approval hold has run out and gives back what they held. Safe to run
 * from every process at once: `skip locked` hands each order to one of them, and the guarded
 * update decides it once. Answers the orders it cancelled (their buyers are told by mail).
 */
export async function expireApprovals(db: Database, limit = 100): Promise<Order[]> {
  const expired = await db.transaction(async (tx) => {
    const rows = await rowsOf<OrderRow>(
      tx,
      sql`update orders o set status = 'cancelled', approval_expires_at = null,
          rejection_reason = ${companyMessages.approvalTimedOut}, decided_at = now(),
          updated_at = now()
        where o.id in (
          select id from orders
          where status = 'awaiting_approval' and approval_expires_at <= now()
          order by approval_expires_at
          limit ${limit}
          for update skip locked
        )
        returning ${orderColumns}`,
    );
    for (const row of rows) await releaseOrder(tx, row.id);
    await recordOrderEvents(tx, 'order.cancelled', rows);
    return rows;
  });
  return ordersWithLines(db, expired);
}

/** The company's approvers and admins, who are mailed when an order waits for them. */
export async function approversOf(
  db: Database,
  companyId: string,
): Promise<{ email: string; name: string }[]> {
  return rowsOf(
    db,
    sql`select u.email, u.name from company_members m join "user" u on u.id = m.user_id
      where m.company_id = ${companyId} and m.role in ('admin', 'approver')
      order by m.joined_at limit 50`,
  );
}
