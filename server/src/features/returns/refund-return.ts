import { type ReturnRequest, returnMessages } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { findReturn } from './returns-repository.ts';

/** A claim older than this is taken to have died (a crash between the provider and the record). */
const STALE_CLAIM_MINUTES = 5;

interface OrderLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
  taxCents: number;
}

/** `a / b` rounded half up, for non-negative integers. */
const halfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * What a received return gives back, in cents: for each restocked or scrapped piece (refused ones
 * go back to the buyer) its line's unit price and its share of the line's tax, rounded half up;
 * a product on several lines is taken from its first line first. Freight and restocking fees: not
 * yet (decision 037).
 */
export function refundCentsOf(request: ReturnRequest, lines: OrderLine[]): number {
  let cents = 0;
  for (const line of request.lines) {
    let pieces = line.restocked + line.scrapped;
    for (const orderLine of lines.filter((l) => l.productId === line.productId)) {
      const taken = Math.min(pieces, orderLine.quantity);
      if (taken <= 0) break;
      cents +=
        taken * orderLine.unitPriceCents + halfUp(orderLine.taxCents * taken, orderLine.quantity);
      pieces -= taken;
    }
  }
  return cents;
}

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
 * amount and the payment to refund. A claim that died (older than STALE_CLAIM_MINUTES) may be
 * taken again: the provider's idempotency key then answers the refund it made, if it made one.
 */
function claim(db: Database, id: string) {
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
    const lines = await rowsOf<OrderLine>(
      tx,
      sql`select product_id as "productId", quantity, unit_price_cents as "unitPriceCents",
          tax_cents::int as "taxCents"
        from order_lines where order_id = ${current.orderId} order by line_no`,
    );
    const cents = refundCentsOf(current, lines);
    if (cents <= 0) throw new AppError('UNPROCESSABLE', returnMessages.nothingToRefund);
    const claimed = await tx.execute(
      sql`update returns set refund_state = 'pending', refund_cents = ${cents},
          refund_claimed_at = now(), updated_at = now()
        where id = ${id} and state = 'received'
          and (refund_state is null or (refund_state = 'pending'
            and refund_claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES}::int)))
        returning id`,
    );
    if (claimed.rows.length === 0) throw await refusalOf(tx, id);
    return { cents, intentId: payment.intentId };
  });
}

/**
 * `POST /admin/returns/{id}/refund` (card orders): claims the refund, asks the provider for it
 * with the key `return-refund-{id}` (a retry, or a claim taken again, refunds once at the
 * provider), then records it with its audit entry. A provider that fails releases the claim, so
 * the admin can try again.
 */
export async function refundReturn(
  db: Database,
  provider: PaymentProvider,
  actor: AuditActor,
  id: string,
): Promise<ReturnRequest> {
  const { cents, intentId } = await claim(db, id);
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
