import {
  companyMessages,
  type InvoicePayment,
  type InvoicePayments,
  type RecordPaymentRequest,
} from '@proper-parts/domain/companies';
import { formatPrice } from '@proper-parts/domain/format';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { type OrderRow, orderColumns } from '../orders/order-view.ts';
import { recordOrderEvents } from '../webhooks/outbox.ts';
import { dollars, findAdminInvoice } from './account-invoices.ts';

/** Payments a shop admin records against invoices on account (issue 19). */

/** Every payment recorded against an invoice, the oldest first. */
async function paymentsOf(db: Queryable, orderId: string): Promise<InvoicePayment[]> {
  const rows = await rowsOf<{
    id: string;
    amountCents: number | string;
    reference: string;
    recordedBy: string | null;
    recordedAt: string | Date;
  }>(
    db,
    sql`select p.id, p.amount_cents as "amountCents", p.reference, u.name as "recordedBy",
        p.recorded_at as "recordedAt"
      from invoice_payments p left join "user" u on u.id = p.recorded_by
      where p.order_id = ${orderId}
      order by p.recorded_at, p.id`,
  );
  return rows.map((row) => ({
    _id: row.id,
    amount: dollars(row.amountCents),
    reference: row.reference,
    recordedBy: row.recordedBy,
    recordedAt: new Date(row.recordedAt).toISOString(),
  }));
}

/** Why an invoice cannot take a payment (or be listed with its payments), from its state now. */
async function refusalFor(db: Queryable, orderId: string, amountCents?: number): Promise<AppError> {
  const [row] = await rowsOf<{
    paymentTerms: string;
    status: string;
    settledAt: string | Date | null;
    outstandingCents: number | string;
  }>(
    db,
    sql`select o.payment_terms as "paymentTerms", o.status, i.settled_at as "settledAt",
        o.total_cents - i.paid_cents as "outstandingCents"
      from invoices i join orders o on o.id = i.order_id where i.order_id = ${orderId}`,
  );
  if (!row) return new AppError('NOT_FOUND', companyMessages.invoiceNotFound);
  if (row.paymentTerms !== 'account') return new AppError('CONFLICT', companyMessages.notOnAccount);
  if (row.status === 'cancelled') return new AppError('CONFLICT', companyMessages.invoiceCancelled);
  if (row.settledAt !== null) return new AppError('CONFLICT', companyMessages.alreadySettled);
  const outstanding = Number(row.outstandingCents);
  if (amountCents !== undefined && amountCents > outstanding)
    return new AppError('INVALID', companyMessages.overpaid(formatPrice(outstanding / 100)));
  // The invoice changed between the two reads (another payment): the caller may try again.
  return new AppError('CONFLICT', companyMessages.alreadySettled);
}

/** An invoice on account with every payment recorded against it. */
export async function invoiceWithPayments(
  db: Queryable,
  orderId: string,
): Promise<InvoicePayments> {
  const invoice = await findAdminInvoice(db, orderId);
  if (!invoice) {
    const refusal = await refusalFor(db, orderId);
    // An invoice on account, not cancelled, that the list does not show: there is none to show.
    throw refusal.message === companyMessages.alreadySettled
      ? new AppError('NOT_FOUND', companyMessages.invoiceNotFound)
      : refusal;
  }
  return { invoice, payments: await paymentsOf(db, orderId) };
}

const BALANCE_OUT_OF_STEP =
  "The company's balance is below this payment; nothing was recorded. Check the company's account";

/**
 * Records a payment against an invoice on account, in one statement: the invoice takes the amount
 * only while it is on account, not cancelled, not settled, and the amount fits what is still
 * owed. The UPDATE re-checks those on the row it locked, so of two payments of the whole amount
 * recorded at once one finds the invoice settled and changes nothing. The same statement lowers
 * the company's balance, writes the payment, and at the total settles the invoice and marks the
 * order paid; the transaction undoes it all if the balance would not follow (it always does:
 * every open invoice's outstanding amount is in the balance). A cancel of an on-account order must
 * give back `total - paid_cents`, not the total: recorded payments already lowered the balance.
 */
export async function recordPayment(
  db: Database,
  orderId: string,
  input: RecordPaymentRequest,
  recordedBy: string,
  actor: AuditActor,
): Promise<{ result: InvoicePayments; settled: boolean; companyId: string }> {
  const cents = Math.round(input.amount * 100);
  const recorded = await db.transaction(async (tx) => {
    // The order's row first: a cancel running at the same time (it changes the order, and gives
    // the outstanding amount back to the balance) is then either wholly before or wholly after.
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const [row] = await rowsOf<{ companyId: string; settled: boolean; owed: number | string }>(
      tx,
      sql`with paid as (
          update invoices i set paid_cents = i.paid_cents + ${cents},
            settled_at = case when i.paid_cents + ${cents} = o.total_cents then now() end
          from orders o
          where i.order_id = ${orderId} and o.id = i.order_id and o.payment_terms = 'account'
            and o.status <> 'cancelled' and i.settled_at is null
            and i.paid_cents + ${cents} <= o.total_cents
          returning i.order_id, o.company_id, i.settled_at
        ), owed as (
          update companies c set balance_cents = c.balance_cents - ${cents}, updated_at = now()
          from paid where c.id = paid.company_id and c.balance_cents >= ${cents}
          returning c.id
        ), recorded as (
          insert into invoice_payments (order_id, amount_cents, reference, recorded_by)
          select order_id, ${cents}, ${input.reference}, ${recordedBy} from paid
        ), settled as (
          update orders set paid = true, updated_at = now()
          from paid where orders.id = paid.order_id and paid.settled_at is not null
        )
        select company_id as "companyId", settled_at is not null as settled,
          (select count(*) from owed) as owed
        from paid`,
    );
    if (!row) return undefined;
    if (Number(row.owed) !== 1) throw new AppError('CONFLICT', BALANCE_OUT_OF_STEP);
    if (row.settled) {
      const settledOrders = await rowsOf<OrderRow>(
        tx,
        sql`select ${orderColumns} from orders where id = ${orderId}`,
      );
      await recordOrderEvents(tx, 'order.paid', settledOrders);
    }
    await recordAudit(tx, actor, {
      action: 'invoice.payment',
      targetType: 'invoice',
      targetId: orderId,
      summary: `Recorded ${formatPrice(input.amount)} (${input.reference}) against the invoice of order ${orderId.slice(0, 8)}${row.settled ? ': paid in full' : ''}`,
      after: { amount: input.amount, reference: input.reference, settled: row.settled },
    });
    return row;
  });
  if (!recorded) throw await refusalFor(db, orderId, cents);
  return {
    result: await invoiceWithPayments(db, orderId),
    settled: recorded.settled,
    companyId: recorded.companyId,
  };
}
