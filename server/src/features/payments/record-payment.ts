import type { Order } from '@proper-parts/domain/orders';
import { paymentMessages } from '@proper-parts/domain/payments';
import type { Queryable } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { paymentsSettled } from '../metrics/metrics.ts';
import { type OrderRow, orderWithLines } from '../orders/order-view.ts';
import { findOrder } from '../orders/orders-repository.ts';
import type { PaymentFacts, PaymentProvider } from './payment-provider.ts';
import { markOrderPaid } from './payments-repository.ts';

/** Is this the provider's word that the order's total was paid for this order? */
export function assertPaysOrder(facts: PaymentFacts | undefined, order: OrderRow): PaymentFacts {
  if (!facts) throw new AppError('INVALID', paymentMessages.unknownPayment);
  if (facts.orderId !== order.id || facts.amountCents !== order.totalCents)
    throw new AppError('INVALID', paymentMessages.wrongPayment);
  if (!facts.succeeded) throw new AppError('INVALID', paymentMessages.notConfirmed);
  return facts;
}

/** Why an order cannot take this payment now; undefined when it still can. */
export function paymentRefusal(order: OrderRow, paymentId: string): AppError | undefined {
  if (order.status === 'cancelled') return new AppError('CONFLICT', paymentMessages.notPayable);
  if (order.paid && order.transactionId !== paymentId)
    return new AppError('CONFLICT', paymentMessages.alreadyPaid);
  return undefined;
}

export interface RecordedPayment {
  order: Order;
  /** True for the one call that changed the order (it sends the mail). */
  changed: boolean;
}

/**
 * Settles a payment the provider confirmed for this order and amount. Idempotent: the same
 * payment again (the client's PATCH after the webhook, or a retry) answers the paid order
 * without changing anything. If the order was cancelled first (a cancel racing the card), the
 * money goes back: the payment is refunded and the caller told so.
 */
export async function settlePayment(
  db: Queryable,
  provider: PaymentProvider,
  order: OrderRow,
  facts: PaymentFacts,
): Promise<RecordedPayment> {
  let now = order;
  if (now.status !== 'cancelled') {
    const paid = await markOrderPaid(db, {
      orderId: order.id,
      provider: provider.name,
      paymentId: facts.id,
      amountCents: facts.amountCents,
    });
    if (paid) {
      paymentsSettled.inc({ provider: provider.name });
      return { order: paid, changed: true };
    }
    // Someone else changed the order between our read and the guarded update.
    const found = await findOrder(db, order.id);
    if (!found) throw new AppError('NOT_FOUND', 'Order not found');
    now = found;
    if (now.paid && now.transactionId === facts.id)
      return { order: await orderWithLines(db, now), changed: false };
    if (now.status !== 'cancelled')
      throw paymentRefusal(now, facts.id) ?? new AppError('CONFLICT', paymentMessages.notConfirmed);
  }
  await provider.refund(facts.id);
  throw new AppError('CONFLICT', paymentMessages.refunded);
}
