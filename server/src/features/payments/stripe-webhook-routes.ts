import { successEnvelope } from '@proper-parts/domain/envelope';
import type { Order } from '@proper-parts/domain/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Queryable } from '../../db/queryable.ts';
import { stripeEvents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { invoiceSellerFromConfig } from '../invoices/invoice-document.ts';
import { sendPaymentReceivedMail } from '../invoices/invoice-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findOrder } from '../orders/orders-repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { assertPaysOrder, paymentRefusal, settlePayment } from './record-payment.ts';

const webhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StripeWebhookDeps {
  mailer: Mailer;
  provider: PaymentProvider;
  stripe?: Stripe;
  webhookSecret?: string;
}

/**
 * Marks the order of a succeeded PaymentIntent paid, unless that already happened; refunds it
 * when the order was cancelled first. Refusals (unknown order, wrong amount) are logged and
 * acknowledged: Stripe retrying them would not change the answer.
 */
async function onIntentSucceeded(
  tx: Queryable,
  provider: PaymentProvider,
  intent: Stripe.PaymentIntent,
  log: FastifyBaseLogger,
): Promise<Order | undefined> {
  const orderId = intent.metadata?.orderId;
  const row = orderId && UUID.test(orderId) ? await findOrder(tx, orderId) : undefined;
  if (!row) {
    log.warn({ intent: intent.id }, 'stripe webhook: payment for no known order');
    return undefined;
  }
  try {
    // Another payment already paid it (cannot happen with one intent per order, but never twice).
    if (row.paid && row.transactionId !== intent.id) throw paymentRefusal(row, intent.id);
    const facts = assertPaysOrder(
      { id: intent.id, succeeded: true, amountCents: intent.amount_received, orderId: row.id },
      row,
    );
    const settled = await settlePayment(tx, provider, row, facts);
    return settled.changed ? settled.order : undefined;
  } catch (error) {
    // Stripe unreachable (the refund): fail, so that the event is not recorded and Stripe retries.
    if (!(error instanceof AppError) || error.code === 'UNAVAILABLE') throw error;
    // E.g. a wrong amount, or a cancelled order (refunded by now).
    log.warn({ intent: intent.id, order: row.id, reason: error.message }, 'stripe webhook refused');
    return undefined;
  }
}

function wellFormed(event: Stripe.Event): boolean {
  const text = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 255;
  if (!text(event?.id) || !text(event.type)) return false;
  if (event.type !== 'payment_intent.succeeded') return true;
  const intent = event.data?.object as Partial<Stripe.PaymentIntent> | undefined;
  return (
    typeof intent === 'object' &&
    intent !== null &&
    text(intent.id) &&
    Number.isSafeInteger(intent.amount_received)
  );
}

/** `POST /webhooks/stripe`: signed by Stripe, each event handled once whatever the order of delivery. */
export const stripeWebhookRoutes =
  ({ mailer, provider, stripe, webhookSecret }: StripeWebhookDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const invoiceMail = { db: app.db, mailer, seller: invoiceSellerFromConfig(app.config) };
    // The signature covers the exact bytes Stripe sent: keep the body as text, unparsed.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      '/webhooks/stripe',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET); deduplicated by event id',
          response: { 200: successEnvelope(webhookAnswer), ...errorResponses },
        },
      },
      async (request) => {
        if (!stripe || !webhookSecret)
          throw new AppError('NOT_FOUND', 'Stripe webhooks are not configured on this server');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || typeof request.body !== 'string')
          throw new AppError('INVALID', 'A signed Stripe event is expected');
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
        } catch {
          throw new AppError('INVALID', 'The Stripe signature does not match');
        }
        const db: Database = app.db;
        // Signed, so it comes from whoever holds the secret; still, a malformed event is a 400.
        if (!wellFormed(event)) throw new AppError('INVALID', 'The Stripe event is malformed');
        const outcome = await db.transaction(async (tx) => {
          const fresh = await tx
            .insert(stripeEvents)
            .values({ id: event.id, type: event.type })
            .onConflictDoNothing()
            .returning({ id: stripeEvents.id });
          if (fresh.length === 0) return { duplicate: true, paid: undefined };
          const paid =
            event.type === 'payment_intent.succeeded'
              ? await onIntentSucceeded(tx, provider, event.data.object, request.log)
              : undefined;
          return { duplicate: false, paid };
        });
        if (outcome.paid) sendPaymentReceivedMail(invoiceMail, outcome.paid, request.log);
        return {
          success: true as const,
          data: { received: true as const, duplicate: outcome.duplicate },
        };
      },
    );
  };
