import { z } from 'zod';
import { paginationQuery } from './envelope.ts';
import { MAX_ORDER_QUANTITY } from './orders.ts';

/** Issue 37 (decision 037): a buyer sends back shipped pieces of an order, under an RMA number. */

export const RETURN_REASONS = [
  'wrong_part',
  'damaged',
  'not_needed',
  'did_not_fit',
  'core_return',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  wrong_part: 'Wrong part',
  damaged: 'Damaged',
  not_needed: 'Not needed',
  did_not_fit: 'Did not fit',
  core_return: 'Core return',
};

export const RETURN_STATES = ['requested', 'approved', 'refused', 'received'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const returnStateLabels: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
};

export const RECEIVE_OUTCOMES = ['restock', 'scrap', 'refuse'] as const;
export type ReceiveOutcome = (typeof RECEIVE_OUTCOMES)[number];

/** The most lines one return may name (an order has fewer). */
export const MAX_RETURN_LINES = 500;

export const returnMessages = {
  created: (pieces: number) =>
    `Return requested: ${pieces} piece${pieces === 1 ? '' : 's'}. We will mail you when it is decided`,
  notFound: 'Return not found',
  notOnOrder: (productId: string) => `lines: product ${productId} is not on this order`,
  duplicate: (productId: string) => `lines: product ${productId} is named twice`,
  moreThanReturnable: (productId: string, returnable: number) =>
    `lines: product ${productId} has ${returnable} shipped piece${returnable === 1 ? '' : 's'} left to return`,
  windowClosed: (productId: string, days: number) =>
    `lines: product ${productId} shipped more than ${days} days ago; its return window has closed`,
  notRequested: 'This return was already decided',
  notApproved: 'Only an approved return that was not received yet can be received',
  approved: (rma: string) => `Return approved: ${rma}`,
  refused: 'Return refused',
  received: (restocked: number) =>
    `Return received: ${restocked} piece${restocked === 1 ? '' : 's'} back in stock`,
  receiveMoreThanAsked: (productId: string, quantity: number) =>
    `lines: product ${productId} was returned with ${quantity} piece${quantity === 1 ? '' : 's'}; no more can be received`,
  notOnReturn: (productId: string) => `lines: product ${productId} is not on this return`,
  refunded: (cents: number) => `Refunded ${(cents / 100).toFixed(2)} to the card`,
  notRefundableYet: 'Only a received return can be refunded',
  refundedAlready: 'This return was refunded already',
  refundInProgress:
    'This return is being refunded; try again in a few minutes if it does not finish',
  notCardOrder: 'This order was neither paid by card nor bought on account: nothing to refund to',
  credited: (number: string, cents: number) =>
    `Credit note ${number} issued for ${(cents / 100).toFixed(2)}`,
  creditNoteNotFound: 'Credit note not found',
  /** Issue 37: paying back what a credit note's invoice no longer owed. */
  nothingOwedBack:
    'Nothing of this credit note is owed back: all of it went to the invoice, which still owed it',
  paidBackAlready: 'This credit note was paid back already',
  paidBack: (number: string, cents: number) =>
    `Paid back ${(cents / 100).toFixed(2)} of credit note ${number}`,
  nothingToRefund: 'Nothing of this return was restocked or scrapped: there is nothing to refund',
  receiveDuplicate: (productId: string, outcome: string) =>
    `lines: product ${productId} is named twice as ${outcome}`,
  /** Issue 37: core returns. */
  noCoreDeposit: (productId: string) =>
    `lines: product ${productId} carries no core deposit on this order: choose another reason`,
  coreKept:
    'The core was returned after its core return window: the deposit is kept, there is nothing to refund',
  /** Issue 37: return photos. */
  photoUnknown: 'photos: a photo was not uploaded by you, or is on another return already',
  photoNotFound: 'Photo not found',
} as const;

/** Issue 37: the most photos one return carries, and a stored photo's name (uploads). */
export const MAX_RETURN_PHOTOS = 5;
export const RETURN_PHOTO_NAME = /^[0-9a-f]{32}\.webp$/;

/** Free text that may run over lines (as a quote's note is). */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`);

const productId = z.uuid({ message: 'Unknown product id' });

/** `POST /orders/{id}/returns`. */
export const createReturnRequest = z.object({
  lines: z
    .array(
      z.object({
        productId,
        quantity,
        reason: z.enum(RETURN_REASONS, { error: 'Choose a reason' }),
      }),
      { error: 'Lines are required' },
    )
    .min(1, 'Name at least one line to return')
    .max(MAX_RETURN_LINES, `At most ${MAX_RETURN_LINES} lines`),
  note: text('Note', 1000).optional(),
  /** Issue 37: photos uploaded first (`POST /returns/photos`), by the names it answered. */
  photos: z
    .array(z.string().regex(RETURN_PHOTO_NAME, 'photos: a name answered by POST /returns/photos'))
    .max(MAX_RETURN_PHOTOS, `photos: at most ${MAX_RETURN_PHOTOS}`)
    .optional(),
});
export type CreateReturnRequest = z.infer<typeof createReturnRequest>;

/** `POST /admin/returns/{id}/refuse`. */
export const refuseReturnRequest = z.object({
  reason: text('Reason', 1000).min(1, 'Reason is required'),
});

/** `POST /admin/returns/{id}/receive`. */
export const receiveReturnRequest = z.object({
  lines: z
    .array(
      z.object({
        productId,
        quantity,
        outcome: z.enum(RECEIVE_OUTCOMES, { error: 'Choose restock, scrap or refuse' }),
      }),
      { error: 'Lines are required' },
    )
    .min(1, 'Name at least one line received')
    .max(MAX_RETURN_LINES * 3, `At most ${MAX_RETURN_LINES * 3} lines`),
});
export type ReceiveReturnRequest = z.infer<typeof receiveReturnRequest>;

/** `POST /admin/returns/{id}/refund`: a restocking fee kept, and freight given back when asked. */
export const refundReturnRequest = z
  .object({
    restockingFeePercent: z
      .number({ error: 'Restocking fee must be a whole percent' })
      .int('Restocking fee must be a whole percent')
      .min(0, 'Restocking fee must be at least 0 %')
      .max(100, 'Restocking fee must be at most 100 %')
      .optional(),
    refundFreight: z.boolean({ error: 'Refund freight must be true or false' }).optional(),
  })
  // No body at all (a bare POST) is no fee and no freight.
  .nullish();
export type RefundReturnRequest = z.infer<typeof refundReturnRequest>;

/** A credit note as a return or a statement names it (`CN-2026-000001`), with its PDF. */
export const creditNoteRef = z.object({
  id: z.string(),
  number: z.string(),
  totalCents: z.number().int(),
  issuedAt: z.string(),
  /** What lowered the invoice and the company's balance. */
  appliedCents: z.number().int(),
  /** What the invoice no longer owed (it was paid) and the shop has not paid back yet. */
  owedBackCents: z.number().int(),
  /** Paid back to the company, by bank transfer or cheque under `paidBackReference`. */
  paidBackCents: z.number().int(),
  paidBackAt: z.string().nullable(),
  paidBackReference: z.string().nullable(),
});
export type CreditNoteRef = z.infer<typeof creditNoteRef>;

export const creditNoteIdParams = z.object({ id: z.uuid({ message: 'Unknown credit note id' }) });

/** `POST /admin/credit-notes/{id}/pay-back`: the bank transfer's or cheque's reference. */
export const payBackRequest = z.object({
  reference: text('Reference', 100).min(1, 'Reference is required'),
});
export type PayBackRequest = z.infer<typeof payBackRequest>;

/** `CN-{year}-{number, 6 digits}`. */
export const creditNoteNumberOf = (year: number, number: number) =>
  `CN-${year}-${String(number).padStart(6, '0')}`;

export const returnLine = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  restocked: z.number().int(),
  scrapped: z.number().int(),
  refused: z.number().int(),
  /**
   * Issue 37: the product's core deposit per piece on the order, in cents (0: none), and for a
   * core return asked after the core window, that the deposit is kept.
   */
  depositCents: z.number().int().default(0),
  coreLate: z.boolean().default(false),
});

export const returnRequest = z.object({
  id: z.string(),
  orderId: z.string(),
  /** `RMA-2026-000001` once approved; null before, and on a refused return. */
  rmaNumber: z.string().nullable(),
  state: z.enum(RETURN_STATES),
  note: z.string().nullable(),
  refusalReason: z.string().nullable(),
  email: z.string(),
  /** How the order was paid: a card gets its refund back, an order on account a credit note. */
  paymentTerms: z.enum(['card', 'account']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  /** The card refund: `pending` while the provider is asked, then `refunded`; null before. */
  refundState: z.enum(['pending', 'refunded']).nullable(),
  refundCents: z.number().int().nullable(),
  /** Of `refundCents`: the tax given back, the freight (with its tax), the restocking fee kept. */
  refundTaxCents: z.number().int().nullable(),
  refundFreightCents: z.number().int().nullable(),
  restockingFeeCents: z.number().int().nullable(),
  refundedAt: z.string().nullable(),
  /** An on-account order's refund: the credit note that lowered the company's balance. */
  creditNote: creditNoteRef.nullable(),
  lines: z.array(returnLine),
  /** Issue 37: the photos' URLs (`/api/v1/returns/{id}/photos/{name}`): the return's readers and shop admins. */
  photos: z.array(z.string()).default([]),
});

/** `POST /returns/photos`: the stored photo's name, for `photos` of the request. */
export const returnPhotoUpload = z.object({ name: z.string() });
export const returnPhotoParams = z.object({
  id: z.uuid({ message: 'Unknown return id' }),
  name: z.string().regex(RETURN_PHOTO_NAME, 'Photo not found'),
});
export type ReturnRequest = z.infer<typeof returnRequest>;

export const returnIdParams = z.object({ id: z.uuid({ message: 'Unknown return id' }) });
export const returnsQuery = paginationQuery;
export const adminReturnsQuery = paginationQuery.extend({
  state: z.enum(RETURN_STATES, { error: 'Unknown state' }).optional(),
});

/** `RMA-{year}-{number, 6 digits}`. */
export const rmaNumberOf = (year: number, number: number) =>
  `RMA-${year}-${String(number).padStart(6, '0')}`;
