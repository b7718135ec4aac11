import { z } from 'zod';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const paymentMessages = {
  completed: 'Congrats ! Your payment is completed',
  testMode: 'Test mode — no real charges',
  notConfirmed: 'This payment has not succeeded.',
  wrongPayment: 'This payment does not belong to this order.',
  alreadyPaid: 'This order is already paid.',
  notPayable: 'This order cannot be paid: it was cancelled.',
  refunded: 'This order was cancelled before your payment arrived, so the payment was refunded.',
  notRefundable: 'This payment cannot be refunded that much (not succeeded, or refunded already)',
  unknownPayment: 'Unknown payment.',
  cardNumberRequired: 'Card number is Required',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryRequired: 'Expiry is Required',
  expiryInvalid: 'Expiry must read MM/YY',
  expired: 'Your card has expired.',
  cvcRequired: 'CVC is Required',
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

/** `POST /create-payment-intent`: the amount is the order's; a `price` in the body is ignored. */
export const createPaymentIntentRequest = z.object({
  orderId: z.uuid({ message: 'Unknown order id' }),
});

export const paymentIntentResponse = z.object({
  clientSecret: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key, for Stripe.js; null with the sandbox. */
  publishableKey: z.string().nullable(),
  /** The amount to be charged, in dollars (the order total). */
  amount: z.number(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;

/** `PATCH /myPurchase/{id}`: the provider's payment id, checked with the provider. */
export const recordPaymentRequest = z.object({
  transactionId: z
    .string()
    .trim()
    .min(1, 'transactionId is Required')
    .max(255)
    // Provider ids (pi_…, sbx_pi_…): nothing that could change the provider URL it is put in.
    .regex(/^[A-Za-z0-9_]+$/, 'transactionId is not a payment id'),
  /** Sent by the original client; the order is always the path's. */
  order: z.unknown().optional(),
});

/** Luhn checksum of a card number's digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The sandbox card form (and the sandbox's confirm call): the same checks on both sides. */
export const sandboxCard = z.object({
  number: z
    .string({ error: paymentMessages.cardNumberRequired })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, paymentMessages.cardNumberRequired)
        .regex(/^\d{12,19}$/, paymentMessages.cardNumberInvalid)
        .refine(passesLuhn, paymentMessages.cardNumberInvalid),
    ),
  expiry: z
    .string({ error: paymentMessages.expiryRequired })
    .trim()
    .min(1, paymentMessages.expiryRequired)
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, paymentMessages.expiryInvalid),
  cvc: z
    .string({ error: paymentMessages.cvcRequired })
    .trim()
    .min(1, paymentMessages.cvcRequired)
    .regex(/^\d{3,4}$/, paymentMessages.cvcInvalid),
});
export type SandboxCardInput = z.input<typeof sandboxCard>;

/** `POST /sandbox/confirm`: the sandbox's stand-in for Stripe.js confirming a card payment. */
export const sandboxConfirmRequest = z.object({
  clientSecret: z.string().min(1).max(200),
  card: sandboxCard,
  billing: z
    .object({ name: z.string().max(200).optional(), email: z.string().max(254).optional() })
    .optional(),
});

export const sandboxConfirmResponse = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});

/** Is the MM/YY expiry before this month? */
export function expiryHasPassed(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return (
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}
