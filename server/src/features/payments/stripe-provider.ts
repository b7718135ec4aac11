import Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  /** Another API address (stripe-mock, the tests' local stand-in). */
  apiUrl?: string;
}

/** The Stripe SDK, pointed at Stripe or at `apiUrl`. */
export function createStripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}

const unreachable = () =>
  new AppError('UNAVAILABLE', 'The payment service did not answer. Please try again in a moment.');

/** PaymentIntents in US dollars, one per order (idempotency key), the order's id in metadata. */
export function createStripeProvider(stripe: Stripe, settings: StripeSettings): PaymentProvider {
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent({ orderId, amountCents, email }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            allowed_payment_method_types: ['card'],
            receipt_email: email,
            metadata: { orderId },
          },
          { idempotencyKey: `order-${orderId}` },
        );
        if (!intent.client_secret) throw new Error('Stripe gave no client secret');
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeConnectionError) throw unreachable();
        // E.g. an amount above what Stripe takes in one payment: Stripe's message says so.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new AppError('INVALID', error.message);
        throw error;
      }
    },

    async retrieve(paymentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentId);
        return {
          id: intent.id,
          succeeded: intent.status === 'succeeded',
          amountCents: intent.amount_received || intent.amount,
          orderId: intent.metadata?.orderId ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
        if (error instanceof Stripe.errors.StripeConnectionError) throw unreachable();
        throw error;
      }
    },

    async refund(paymentId) {
      try {
        await stripe.refunds.create(
          { payment_intent: paymentId },
          { idempotencyKey: `refund-${paymentId}` },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeConnectionError) throw unreachable();
        throw error;
      }
    },

    async refundPart(paymentId, amountCents, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: amountCents },
          { idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeConnectionError) throw unreachable();
        throw error;
      }
    },
  };
}
