import { type ReturnRequest, returnMessages } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { issueCreditNote } from './issue-credit-note.ts';
import {
  loadRefundBasis,
  nothingToRefundOf,
  type RefundOptions,
  refundAmountsOf,
} from './refund-amounts.ts';
import { recordRefundGoods } from './refund-goods.ts';
import { findReturn } from './returns-repository.ts';

/** A claim older than this is taken to have died (a crash between the provider and the record). */
const STALE_CLAIM_MINUTES = 5;

/** Why a return cannot be claimed for a refund now. */
async function refusalOf(db: Queryable, id: string): Promise<AppError> {
  const [row] = await rowsOf<{ state: string; refundState: string | null }>(
    db,
    sql`select state, refund_state as "refundState" from returns where id = ${id}`,
  );
  if (!row) return new AppError('NOT_FOUND', returnMessages.notFound);
  if (row.refundState === 'refunded')
    return new AppError('CONFLICT', returnMessages.refundedAlready);
  if (row.refundState === 'pending')
    return new AppError('CONFLICT', returnMessages.refundInProgress);
  return new AppError('CONFLICT', returnMessages.notRefundableYet);
}

/**
 * Claims the refund of a received card return: one caller at a time (a guarded update), with the
 * amounts (refund-amounts.ts, the order's row locked) and the payment to refund. A claim that died
 * (older than STALE_CLAIM_MINUTES) may be taken again with the amounts it stored: the provider's
 * idempotency key then answers the refund it made, if it made one.
 */
function claim(db: Database, id: string, options: RefundOptions) {
  return db.transaction(async (tx) => {
    const current = await findReturn(tx, id);
    if (current?.state !== 'received') throw await refusalOf(tx, id);
    const [payment] = await rowsOf<{ intentId: string }>(
      tx,
      sql`select p.intent_id as "intentId" from payments p join orders o on o.id = p.order_id
        where p.order_id = ${current.orderId} and p.status = 'succeeded'
          and o.payment_terms = 'card'`,
    );
    if (!payment) throw new AppError('CONFLICT', returnMessages.notCardOrder);
    const basis = await loadRefundBasis(tx, id, current.orderId);
    if (!basis) throw await refusalOf(tx, id);
    const amounts = refundAmountsOf(current, basis, options);
    if (amounts.totalCents <= 0) throw nothingToRefundOf(current);
    // The lines' goods go with the amounts below, decided on the row as locked now: a claim taken
    // again keeps both as first stored; a claim released after a provider failure stores both anew.
    const [locked] = await rowsOf<{ refundState: string | null }>(
      tx,
      sql`select refund_state as "refundState" from returns where id = ${id} for update`,
    );
    if (locked && locked.refundState === null) await recordRefundGoods(tx, id, amounts.goods);
    const [claimed] = await rowsOf<{ cents: number | string }>(
      tx,
      sql`update returns set
          refund_cents = case when refund_state is null then ${amounts.totalCents} else refund_cents end,
          refund_tax_cents = case when refund_state is null then ${amounts.taxCents} else refund_tax_cents end,
          refund_freight_cents = case when refund_state is null then ${amounts.freightCents} else refund_freight_cents end,
          restocking_fee_cents = case when refund_state is null then ${amounts.feeCents} else restocking_fee_cents end,
          refund_deposit_cents = case when refund_state is null then ${amounts.depositCents} else refund_deposit_cents end,
          refund_state = 'pending', refund_claimed_at = now(), updated_at = now()
        where id = ${id} and state = 'received'
          and (refund_state is null or (refund_state = 'pending'
            and refund_claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}::int)))
        returning refund_cents as cents`,
    );
    if (!claimed) throw await refusalOf(tx, id);
    return { cents: Number(claimed.cents), intentId: payment.intentId };
  });
}

/**
 * `POST /admin/returns/{id}/refund`: an order on account gets a credit note (issue-credit-note.ts);
 * a card order's refund is claimed the refund, asks the provider for it
 * with the key `return-refund-{id}` (a retry, or a claim taken again, refunds once at the
 * provider), then records it with its audit entry. A provider that fails releases the claim, so
 * the admin can try again.
 */
export async function refundReturn(
  db: Database,
  provider: PaymentProvider,
  actor: AuditActor,
  id: string,
  options: RefundOptions = {},
): Promise<ReturnRequest> {
  const [order] = await rowsOf<{ paymentTerms: string }>(
    db,
    sql`select o.payment_terms as "paymentTerms" from returns r join orders o on o.id = r.order_id
      where r.id = ${id}`,
  );
  if (!order) throw new AppError('NOT_FOUND', returnMessages.notFound);
  if (order.paymentTerms === 'account') return issueCreditNote(db, actor, id, options);
  const { cents, intentId } = await claim(db, id, options);
  let refundId: string;
  try {
    refundId = (await provider.refundPart(intentId, cents, `return-refund-${id}`)).id;
  } catch (error) {
    await db.execute(
      sql`update returns set refund_state = null, refund_claimed_at = null, updated_at = now()
        where id = ${id} and refund_state = 'pending'`,
    );
    throw error;
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`update returns set refund_state = 'refunded', refund_id = ${refundId},
          refunded_at = now(), updated_at = now()
        where id = ${id} and refund_state = 'pending'`,
    );
    const refunded = (await findReturn(tx, id)) as ReturnRequest;
    await recordAudit(tx, actor, {
      action: 'return.refund',
      targetType: 'return',
      targetId: id,
      summary: `Refunded ${(cents / 100).toFixed(2)} of return ${refunded.rmaNumber} to the card of ${refunded.email}`,
      before: { refundState: null },
      after: { refundState: 'refunded', refundCents: cents, refundId },
    });
    return refunded;
  });
}
