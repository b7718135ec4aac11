import { randomBytes } from 'node:crypto';
import { expiryHasPassed, paymentMessages, type sandboxCard } from '@proper-parts/domain/payments';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orders, sandboxIntents, sandboxRefunds } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** Stripe's test cards that fail, with Stripe's messages; every other valid number succeeds. */
const failingCards: Record<string, string> = {
  '4000000000000002': paymentMessages.declined,
  '4000000000009995': paymentMessages.insufficientFunds,
  '4000000000000069': paymentMessages.expired,
};

const token = () => randomBytes(16).toString('hex');

export interface SandboxProvider extends PaymentProvider {
  /** The sandbox's stand-in for Stripe.js: charges the card for the intent of that client secret. */
  confirm(
    clientSecret: string,
    card: z.output<typeof sandboxCard>,
  ): Promise<{ id: string; orderId: string }>;
  /** The order an intent is for (to check who may confirm it). */
  orderOf(clientSecret: string): Promise<string | undefined>;
}

/**
 * The offline default: intents live in the database (so any server process can confirm and
 * check them), cards are checked like Stripe's test mode, and no card number is ever stored or
 * logged — only the last four digits of a card that paid.
 */
export function createSandboxProvider(db: Database): SandboxProvider {
  async function byClientSecret(clientSecret: string) {
    const [row] = await db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.clientSecret, clientSecret))
      .limit(1);
    return row;
  }

  return {
    name: 'sandbox',
    publishableKey: null,

    async createIntent({ orderId, amountCents }) {
      const id = `sbx_pi_${token()}`;
      // One intent per order, like Stripe's idempotency key per order.
      await db
        .insert(sandboxIntents)
        .values({ id, orderId, amountCents, clientSecret: `${id}_secret_${token()}` })
        .onConflictDoNothing({ target: sandboxIntents.orderId });
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.orderId, orderId))
        .limit(1);
      if (!row) throw new Error('sandbox intent vanished');
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async retrieve(paymentId) {
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.id, paymentId))
        .limit(1);
      if (!row) return undefined;
      return {
        id: row.id,
        succeeded: row.status === 'succeeded',
        amountCents: row.amountCents,
        orderId: row.orderId,
      };
    },

    async refund(paymentId) {
      await db
        .update(sandboxIntents)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(eq(sandboxIntents.id, paymentId));
    },

    async refundPart(paymentId, amountCents, idempotencyKey) {
      // As Stripe: one refund per key; never more in all than was charged.
      await db.execute(
        sql`insert into sandbox_refunds (id, intent_id, idempotency_key, amount_cents)
          select ${`sbx_re_${randomBytes(12).toString('hex')}`}, i.id, ${idempotencyKey}, ${amountCents}
          from sandbox_intents i
          where i.id = ${paymentId} and i.status = 'succeeded'
            and ${amountCents} + (select coalesce(sum(amount_cents), 0) from sandbox_refunds
              where intent_id = i.id) <= i.amount_cents
          on conflict (idempotency_key) do nothing`,
      );
      const [row] = await db
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
        .limit(1);
      if (!row) throw new AppError('CONFLICT', paymentMessages.notRefundable);
      return row;
    },

    async orderOf(clientSecret) {
      return (await byClientSecret(clientSecret))?.orderId;
    },

    async confirm(clientSecret, card) {
      const intent = await byClientSecret(clientSecret);
      if (!intent) throw new AppError('NOT_FOUND', paymentMessages.unknownPayment);
      if (intent.status === 'succeeded') return { id: intent.id, orderId: intent.orderId };
      // As Stripe: a refunded payment is not charged again, and a cancelled order's is not charged.
      if (intent.status === 'refunded') throw new AppError('CONFLICT', paymentMessages.refunded);
      const [order] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, intent.orderId))
        .limit(1);
      if (!order || order.status === 'cancelled')
        throw new AppError('CONFLICT', paymentMessages.notPayable);
      const failure =
        failingCards[card.number] ??
        (expiryHasPassed(card.expiry) ? paymentMessages.expired : undefined);
      if (failure) throw new AppError('PAYMENT_FAILED', failure);
      await db
        .update(sandboxIntents)
        .set({ status: 'succeeded', last4: card.number.slice(-4), updatedAt: new Date() })
        .where(eq(sandboxIntents.id, intent.id));
      return { id: intent.id, orderId: intent.orderId };
    },
  };
}
