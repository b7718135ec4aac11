import type { Order } from '@proper-parts/domain/orders';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/queryable.ts';
import type { orders } from '../../db/schema.ts';
import { orderColumns, orderWithLines } from '../orders/order-view.ts';
import { orderAndInvoiceEvents } from '../webhooks/outbox.ts';

export interface ConfirmedPayment {
  orderId: string;
  provider: string;
  paymentId: string;
  amountCents: number;
}

/** Issue 34: order.paid and the invoice's invoice.created, in the payment's statement. */
const paidEvents = sql.raw(orderAndInvoiceEvents('order.paid', 'paid', 'invoiced'));

/**
 * Marks an unpaid order paid, records its payment and numbers its invoice, in one statement: of a client's PATCH and
 * a webhook arriving together, exactly one changes the order and writes the record (the other
 * finds the order no longer unpaid). The year's invoice counter is a row updated in that statement:
 * concurrent payments take the next numbers in turn, and a payment that rolls back gives its number
 * back with it, so a year's numbers have no gaps. Undefined when this call changed nothing.
 */
export async function markOrderPaid(
  db: Queryable,
  payment: ConfirmedPayment,
): Promise<Order | undefined> {
  const result = await db.execute(
    sql`with paid as (
      update orders set paid = true, status = 'pending', transaction_id = ${payment.paymentId},
        updated_at = now()
      where id = ${payment.orderId} and status = 'unpaid' and total_cents = ${payment.amountCents}
      returning ${orderColumns}
    ), recorded as (
      insert into payments (order_id, provider, intent_id, amount_cents, status)
      select id, ${payment.provider}, ${payment.paymentId}, "totalCents", 'succeeded' from paid
    ), counted as (
      insert into invoice_counters (year, last_number)
      select extract(year from now() at time zone 'UTC')::int, 1 from paid
      on conflict (year) do update set last_number = invoice_counters.last_number + 1
      returning year, last_number
    ), invoiced as (
      insert into invoices (order_id, year, number_in_year)
      select paid.id, counted.year, counted.last_number from paid, counted
      returning order_id, year, number_in_year, null::date as due_on
    ), ${paidEvents}
    select * from paid`,
  );
  const [row] = result.rows as (typeof orders.$inferSelect)[];
  return row ? orderWithLines(db, row) : undefined;
}
