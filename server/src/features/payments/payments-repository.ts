import type { Order } from '@proper-parts/domain/orders';
import { sql } from 'drizzle-orm';
import type { orders } from '../../db/schema.ts';
import { orderColumns, type Queryable, toOrder } from '../orders/orders-repository.ts';

export interface ConfirmedPayment {
  orderId: string;
  provider: string;
  paymentId: string;
  amountCents: number;
}

/**
 * Marks an unpaid order paid and records its payment, in one statement: of a client's PATCH and
 * a webhook arriving together, exactly one changes the order and writes the record (the other
 * finds the order no longer unpaid). Undefined when this call changed nothing.
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
    )
    select * from paid`,
  );
  const [row] = result.rows as (typeof orders.$inferSelect)[];
  return row ? toOrder(row) : undefined;
}
