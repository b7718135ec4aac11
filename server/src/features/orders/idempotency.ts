import { createHash } from 'node:crypto';
import { orderMessages } from '@proper-parts/domain/orders';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** How long a key is remembered: a retry after that places a new order. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/**
 * An order-placing request's `Idempotency-Key` (issue 15): the same key from the same user
 * within 24 h answers the first answer again and places nothing. The key is written by the
 * statement that writes the order (`placeOrder`), so a retry after a commit whose answer was lost
 * (a 503, a dropped connection) finds that order. A refused request records nothing: it placed
 * nothing, and trying it again is safe.
 */
export interface IdempotentRequest {
  key: string;
  /** What the request asked for; the same key with another body is refused. */
  requestHash: string;
}

/** Reads and checks the header; `undefined` when the caller sent none (the spec's clients). */
export function idempotentRequest(
  header: string | string[] | undefined,
  body: unknown,
): IdempotentRequest | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_FORMAT.test(header))
    throw new AppError('INVALID', orderMessages.badIdempotencyKey);
  return { key: header, requestHash: hashOf(body) };
}

function hashOf(body: unknown): string {
  const entries = Object.entries((body ?? {}) as Record<string, unknown>).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

/**
 * The order an earlier request with this key placed, if any (within the window). A key from
 * another request's body is refused; an expired key is forgotten so that it can be used again.
 */
export async function orderPlacedWithKey(
  db: Database,
  userId: string,
  request: IdempotentRequest,
): Promise<string | undefined> {
  const [found] = await db
    .select({
      orderId: idempotencyKeys.orderId,
      requestHash: idempotencyKeys.requestHash,
      fresh: sql<boolean>`${idempotencyKeys.createdAt} > now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key)))
    .limit(1);
  if (!found) return undefined;
  if (!found.fresh) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key)));
    return undefined;
  }
  if (found.requestHash !== request.requestHash)
    throw new AppError('UNPROCESSABLE', orderMessages.idempotencyKeyReused);
  return found.orderId;
}

/** Is this the unique violation of a key that another request wrote first (a race of retries)? */
export const isKeyTaken = (error: unknown) =>
  uniqueViolationOf(error)?.includes('idempotency_keys') ?? false;

let placedSincePurge = 0;

/** Forgets keys older than the window; run every 500 keyed orders, not on every one. */
export async function purgeExpiredKeys(db: Database, force = false) {
  placedSincePurge += 1;
  if (!force && placedSincePurge < 500) return;
  placedSincePurge = 0;
  await db
    .delete(idempotencyKeys)
    .where(
      lt(
        idempotencyKeys.createdAt,
        sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`,
      ),
    );
}
