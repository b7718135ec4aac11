import { formatPrice } from '@proper-parts/domain/format';
import {
  creditNoteNumberOf,
  type ReturnRequest,
  returnMessages,
} from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { type OrderRow, orderColumns } from '../orders/order-view.ts';
import { recordOrderEvents } from '../webhooks/outbox.ts';
import {
  loadRefundBasis,
  nothingToRefundOf,
  type RefundOptions,
  refundAmountsOf,
} from './refund-amounts.ts';
import { recordRefundGoods } from './refund-goods.ts';
import { findReturn } from './returns-repository.ts';

/**
 * Applies a credit note to the order's invoice, as a recorded payment would (recorded-payments.ts):
 * at most what the invoice still owes, written as a payment named after the credit note, the
 * company's balance lowered by as much (every open invoice's outstanding amount is in the
 * balance), the invoice settled and the order paid when it reaches the total. What the invoice
 * no longer owed (paid already) stays on the credit note, owed back to the company.
 */
async function applyToInvoice(
  tx: Queryable,
  note: { id: string; number: string; orderId: string; totalCents: number },
  recordedBy: string | null,
): Promise<number> {
  const [row] = await rowsOf<{ applied: number | string; settled: boolean; owed: number | string }>(
    tx,
    sql`with owing as (
        select i.order_id, o.company_id,
          least(${note.totalCents}::bigint, o.total_cents - i.paid_cents) as applied,
          i.paid_cents + least(${note.totalCents}::bigint, o.total_cents - i.paid_cents)
            = o.total_cents as settles
        from invoices i join orders o on o.id = i.order_id
        where i.order_id = ${note.orderId} and o.payment_terms = 'account'
          and o.status <> 'cancelled' and i.settled_at is null
      ), paid as (
        update invoices i set paid_cents = i.paid_cents + owing.applied,
          settled_at = case when owing.settles then now() end
        from owing where i.order_id = owing.order_id and owing.applied > 0
        returning i.order_id
      ), owed as (
        update companies c set balance_cents = c.balance_cents - owing.applied, updated_at = now()
        from owing where c.id = owing.company_id and owing.applied > 0
          and c.balance_cents >= owing.applied
        returning c.id
      ), recorded as (
        insert into invoice_payments (order_id, amount_cents, reference, recorded_by)
        select order_id, applied, ${`Credit note ${note.number}`}, ${recordedBy}
        from owing where applied > 0
      ), settled as (
        update orders set paid = true, updated_at = now()
        from owing where orders.id = owing.order_id and owing.settles and owing.applied > 0
      ), noted as (
        update credit_notes set applied_cents = coalesce((select applied from owing), 0)
        where id = ${note.id}
      )
      select coalesce((select applied from owing), 0) as applied,
        coalesce((select settles and applied > 0 from owing), false) as settled,
        (select count(*) from owed) as owed`,
  );
  const applied = Number(row?.applied ?? 0);
  if (applied > 0 && Number(row?.owed) !== 1)
    throw new AppError('CONFLICT', "The company's balance is below this credit; check its account");
  if (row?.settled) {
    const orders = await rowsOf<OrderRow>(
      tx,
      sql`select ${orderColumns} from orders where id = ${note.orderId}`,
    );
    await recordOrderEvents(tx, 'order.paid', orders);
  }
  return applied;
}

/**
 * `POST /admin/returns/{id}/refund` for an order on account: one transaction issues the credit
 * note. The return's row is locked first and must be received and not refunded: 20 calls at once
 * queue there, the first issues the note and the others find it refunded (409). Then the order's
 * row (loadRefundBasis), so returns of one order are credited one after the other, and a payment
 * recorded at the same time is wholly before or after. The number comes from
 * `credit_note_counters` in this transaction, as invoice numbers do: no gaps, a rollback takes
 * none. `credit_notes_return_unique` stands behind the lock: one note per return.
 */
export function issueCreditNote(
  db: Database,
  actor: AuditActor,
  id: string,
  options: RefundOptions,
): Promise<ReturnRequest> {
  return db.transaction(async (tx) => {
    const [locked] = await rowsOf<{ state: string; refundState: string | null; orderId: string }>(
      tx,
      sql`select state, refund_state as "refundState", order_id as "orderId"
        from returns where id = ${id} for update`,
    );
    if (!locked) throw new AppError('NOT_FOUND', returnMessages.notFound);
    if (locked.refundState !== null) throw new AppError('CONFLICT', returnMessages.refundedAlready);
    if (locked.state !== 'received')
      throw new AppError('CONFLICT', returnMessages.notRefundableYet);
    const current = (await findReturn(tx, id)) as ReturnRequest;
    const basis = await loadRefundBasis(tx, id, locked.orderId);
    if (!basis) throw new AppError('NOT_FOUND', returnMessages.notFound);
    const amounts = refundAmountsOf(current, basis, options);
    if (amounts.lines.length === 0) throw nothingToRefundOf(current);
    const [note] = await rowsOf<{ id: string; year: number; numberInYear: number }>(
      tx,
      sql`with counted as (
          insert into credit_note_counters (year, last_number)
          values (extract(year from now() at time zone 'UTC')::int, 1)
          on conflict (year) do update set last_number = credit_note_counters.last_number + 1
          returning year, last_number
        )
        insert into credit_notes (return_id, order_id, company_id, year, number_in_year,
          issued_by, lines, subtotal_cents, tax_cents, freight_cents, fee_cents, total_cents,
          applied_cents)
        select ${id}, ${locked.orderId}, ${basis.companyId}, year, last_number, ${actor.id},
          ${JSON.stringify(amounts.lines)}::jsonb, ${amounts.subtotalCents}, ${amounts.taxCents},
          ${amounts.freightCents}, ${amounts.feeCents}, ${amounts.totalCents}, 0
        from counted
        returning id, year, number_in_year as "numberInYear"`,
    );
    const number = creditNoteNumberOf(note!.year, note!.numberInYear);
    const applied = await applyToInvoice(
      tx,
      { id: note!.id, number, orderId: locked.orderId, totalCents: amounts.totalCents },
      actor.id,
    );
    await recordRefundGoods(tx, id, amounts.goods);
    await tx.execute(
      sql`update returns set refund_state = 'refunded', refund_cents = ${amounts.totalCents},
          refund_tax_cents = ${amounts.taxCents}, refund_freight_cents = ${amounts.freightCents},
          restocking_fee_cents = ${amounts.feeCents}, refund_deposit_cents = ${amounts.depositCents},
          refund_id = ${number},
          refund_claimed_at = now(), refunded_at = now(), updated_at = now()
        where id = ${id}`,
    );
    const credited = (await findReturn(tx, id)) as ReturnRequest;
    await recordAudit(tx, actor, {
      action: 'return.credit_note',
      targetType: 'return',
      targetId: id,
      summary: `Issued credit note ${number} of ${formatPrice(amounts.totalCents / 100)} for return ${credited.rmaNumber} of ${credited.email}; ${formatPrice(applied / 100)} off the invoice`,
      before: { refundState: null },
      after: { refundState: 'refunded', creditNote: number, ...amounts, appliedCents: applied },
    });
    return credited;
  });
}
