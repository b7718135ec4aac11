import { z } from 'zod';
import { structuredAddress } from './addresses.ts';
import { shippingMethodCode } from './cart.ts';
import { hasCents } from './company-money.ts';
import { ORDER_STATUSES } from './constants.ts';
import { paginationQuery } from './envelope.ts';
import { MAX_ORDER_QUANTITY, PAYMENT_TERMS } from './orders.ts';

/**
 * Quotes (requests for quote, issue 19): the buyer sends the cart's lines (quantities above the
 * stock allowed) with a message; a shop admin answers with a unit price per line, a lead time and
 * an expiry date; the buyer accepts once, which places an order at the quoted prices.
 */

/** `expired` is not stored: an answered quote whose expiry day has passed (UTC). */
export const QUOTE_STATUSES = ['requested', 'answered', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const quoteStatusNames: Record<QuoteStatus, string> = {
  requested: 'Waiting for the shop',
  answered: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export const MAX_QUOTE_LINES = 200;
export const MAX_LEAD_TIME_DAYS = 365;
/** Requests one buyer may have waiting for an answer at once: each one mails the shop. */
export const MAX_OPEN_QUOTES = 20;

export const quoteMessages = {
  cartEmpty: 'Your cart is empty: add the parts you want a price for first',
  tooManyLines: `A quote can have at most ${MAX_QUOTE_LINES} lines`,
  notFound: 'Quote not found',
  notAnswerable: 'This quote has already been answered or closed',
  linesMismatch: 'Give a unit price for every line of the quote',
  notAcceptable: 'Only an answered quote can be accepted',
  alreadyAccepted: 'This quote has already been accepted',
  expired: 'This quote has expired; request a new one',
  expiryInPast: 'The expiry date must be today or later',
  requested: 'Quote requested: the shop will answer by mail',
  answered: 'Answer sent: the buyer has been mailed',
  declined: 'Quote declined: the buyer has been mailed',
  partGone: (part: string) =>
    `${part} is no longer sold: remove it from your cart to request a quote`,
  partGoneSinceAnswer: (part: string) =>
    `${part} is no longer sold: request a new quote without it`,
  unknownPart: 'A part of this request does not exist',
  onlyRequester: 'Only the buyer who requested this quote can accept it',
  totalTooLarge: 'The quoted total is too large for one order',
  totalZero: 'The quoted total must be more than $0',
  notDeclinable: 'Only a quote that waits for an answer can be declined',
  tooManyOpen: (n: number) =>
    `You have ${n} quotes waiting for an answer: wait for the shop before asking for more`,
  accepted: 'Quote accepted: your order is placed and waits for your card payment',
  acceptedAwaitingApproval:
    'Quote accepted: your order is above your limit and awaits approval by your company',
  acceptedOnAccount: (invoice: string, dueOn: string) =>
    `Quote accepted: your order is invoiced on account (invoice ${invoice}, due ${dueOn})`,
} as const;

/** The largest quoted total, in dollars: far below 2^53 cents (as companies' money). */
export const MAX_QUOTE_TOTAL = 100_000_000;

export const quoteIdParams = z.object({ id: z.uuid({ message: 'Unknown quote id' }) });

/** `POST /quotes`: the signed-in buyer's cart becomes a request, with a message. */
export const requestQuoteRequest = z.object({
  message: z.string().trim().max(2000, 'Message must be at most 2000 characters').default(''),
  /**
   * The lines to quote; when absent, the cart's lines. Quantities may be above the stock (that is
   * what a quote is for), up to the largest order quantity.
   */
  lines: z
    .array(
      z.object({
        productId: z.uuid({ message: 'Unknown product id' }),
        quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
      }),
    )
    .max(MAX_QUOTE_LINES, quoteMessages.tooManyLines)
    .optional(),
});
export type RequestQuoteRequest = z.infer<typeof requestQuoteRequest>;

export const quoteLine = z.object({
  lineNo: z.number().int(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Today's list price for this quantity, for comparison (null: no longer sold). */
  listPrice: z.number().nullable(),
  /** Today's stock: a quantity above it is placed on back order when the quote is accepted. */
  availableQuantity: z.number().int(),
  /** The shop's answer; null until answered. */
  unitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

/**
 * What became of the order a quote placed: awaiting approval, waiting for the card, or invoiced on
 * account with its due day (the quote page says which, and offers to pay only a card order).
 */
export const quoteOrder = z.object({
  status: z.enum(ORDER_STATUSES),
  paymentTerms: z.enum(PAYMENT_TERMS),
  invoiceNumber: z.string().nullable(),
  dueOn: z.string().nullable(),
});
export type QuoteOrder = z.infer<typeof quoteOrder>;

export const quote = z.object({
  _id: z.string(),
  status: z.enum(QUOTE_STATUSES),
  message: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  companyName: z.string().nullable(),
  leadTimeDays: z.number().int().nullable(),
  expiresOn: z.string().nullable(),
  answerNote: z.string().nullable(),
  total: z.number().nullable(),
  /** The order placed when it was accepted. */
  orderId: z.string().nullable(),
  order: quoteOrder.nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  lines: z.array(quoteLine),
});
export type Quote = z.infer<typeof quote>;

export const quoteSummary = quote.omit({ lines: true }).extend({ lineCount: z.number().int() });
export type QuoteSummary = z.infer<typeof quoteSummary>;

/** `POST /quotes/{id}/accept` answers the quote as accepted and the order it placed. */
export const acceptedQuote = z.object({ quote, orderId: z.string() });

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expiry must be a date, YYYY-MM-DD')
  // Round-trip: Date.parse takes 2026-02-31 (as March 3), which PostgreSQL refuses.
  .refine((day) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(ms) && day >= '2000-01-01' && new Date(ms).toISOString().startsWith(day);
  }, 'Expiry must be a real date');

/** Shop admin: `POST /admin/quotes/{id}/answer`. */
export const answerQuoteRequest = z.object({
  lines: z
    .array(
      z.object({
        lineNo: z.number().int().min(1),
        unitPrice: z
          .number({ error: 'Unit price must be a number' })
          .min(0, 'Unit price cannot be negative')
          .max(1_000_000, 'Unit price must be at most 1,000,000')
          .refine(hasCents, 'Unit price may have at most two decimals'),
      }),
    )
    .min(1, quoteMessages.linesMismatch)
    .max(MAX_QUOTE_LINES),
  leadTimeDays: z
    .number({ error: 'Lead time must be a number of days' })
    .int('Lead time must be whole days')
    .min(0, 'Lead time cannot be negative')
    .max(MAX_LEAD_TIME_DAYS, `Lead time must be at most ${MAX_LEAD_TIME_DAYS} days`),
  expiresOn: isoDay,
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').default(''),
});
export type AnswerQuoteRequest = z.infer<typeof answerQuoteRequest>;

/** Shop admin: `POST /admin/quotes/{id}/decline`, with a word to the buyer. */
export const declineQuoteRequest = z.object({
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').default(''),
});
export type DeclineQuoteRequest = z.infer<typeof declineQuoteRequest>;

/**
 * `POST /quotes/{id}/accept`: where the order goes and how it is paid, as at checkout: by card
 * (the default) or on the company's account, which needs a PO number (`checkoutRequest`).
 * Issue 33: `shipTo` (structured) and `shippingMethod` price freight and tax for the quoted lines
 * as checkout does (`POST /quotes/{id}/price` shows them first); the one-line `address` and
 * `phone` are for clients written before it (their orders carry no freight or tax).
 */
export const acceptQuoteRequest = z
  .object({
    shipTo: structuredAddress.optional(),
    shippingMethod: shippingMethodCode.optional(),
    address: z.string().trim().max(300, 'Address must be at most 300 characters').default(''),
    phone: z
      .string()
      .trim()
      .max(30, 'Phone must be at most 30 characters')
      .regex(/^[0-9+()\-.\s]*$/, 'Phone may contain digits, spaces and + ( ) - . only')
      .default(''),
    poNumber: z.string().trim().max(50, 'PO number must be at most 50 characters').optional(),
    paymentTerms: z
      .enum(PAYMENT_TERMS, { error: 'Payment must be card or account' })
      .default('card'),
  })
  .refine((body) => body.paymentTerms !== 'account' || Boolean(body.poNumber), {
    message: 'A PO number is required to pay on account',
    path: ['poNumber'],
  })
  .refine((body) => body.shipTo || body.address, {
    message: 'Address is required',
    path: ['address'],
  })
  .refine((body) => body.shipTo || body.phone, { message: 'Phone is required', path: ['phone'] });
export type AcceptQuoteRequest = z.infer<typeof acceptQuoteRequest>;

export const quotesQuery = paginationQuery.extend({
  status: z.enum(QUOTE_STATUSES).optional(),
});
export type QuotesQuery = z.infer<typeof quotesQuery>;
