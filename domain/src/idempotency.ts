import { z } from 'zod';

/**
 * `Idempotency-Key` (issue 15, issue 31): a request that creates something (an order, a quote,
 * a payment, lines in a cart) may carry a key of the client's choosing, one per user action and
 * the same on its retries. The same key and body within 24 h answer the first answer again.
 */
export const idempotencyMessages = {
  badKey:
    'Idempotency-Key must be 1 to 255 visible characters (letters, digits, punctuation; no spaces)',
  keyReused:
    'This Idempotency-Key was already used for a different request; send a new key for a new request',
  notSettled: 'The first request with this Idempotency-Key has not settled; try again in a moment',
  busy: 'Other requests changed the same things at that moment; please try again',
} as const;

/** The header on routes that honour it (checked by the server: 1–255 visible characters). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.string().optional(),
});

/** What the server says, in the route's description, about a route that honours the key. */
export const IDEMPOTENCY_NOTE =
  'An optional Idempotency-Key header (one per user action, the same on its retries) makes a retry within 24 h answer the first answer instead of creating again; the same key with another body is refused with 422.';
