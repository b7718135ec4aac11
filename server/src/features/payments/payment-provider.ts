import type { PaymentProviderName } from '@proper-parts/domain/payments';

/** What the shop asks a payment provider to charge: one order's total. */
export interface ChargeRequest {
  orderId: string;
  amountCents: number;
  email: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** What the provider says about one payment. */
export interface PaymentFacts {
  id: string;
  succeeded: boolean;
  amountCents: number;
  /** The order the payment was created for (its metadata); null when it names none. */
  orderId: string | null;
}

/**
 * A card payment provider. The browser confirms the card with the provider; the server then
 * asks the provider what happened, and only its answer marks an order paid.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Given to the browser (Stripe.js); null for the sandbox. */
  readonly publishableKey: string | null;
  /** One intent per order: asking again answers the same intent. */
  createIntent(charge: ChargeRequest): Promise<CreatedIntent>;
  /** Undefined when the provider knows no payment by that id. */
  retrieve(paymentId: string): Promise<PaymentFacts | undefined>;
  /** Gives a succeeded payment back in full (its order was cancelled meanwhile); safe to repeat. */
  refund(paymentId: string): Promise<void>;
  /**
   * Issue 37: gives back `amountCents` of a succeeded payment (a return). The same
   * `idempotencyKey` answers the same refund, however often it is asked: a retry refunds once.
   */
  refundPart(
    paymentId: string,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<{ id: string }>;
}
