import { formatPrice } from '@proper-parts/domain/format';
import { type CreditNoteRef, returnMessages } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import {
  type CreditNoteRefRow,
  creditNoteRefColumns,
  toCreditNoteRef,
} from './credit-note-refs.ts';

/**
 * `POST /admin/credit-notes/{id}/pay-back` (issue 37): the shop paid the company what the credit
 * note's invoice no longer owed (`total - applied`: it was paid already), by bank transfer or
 * cheque. The note's row is locked first (`for update`), so 20 calls at once queue there: the
 * first records the pay-back, the others find it paid back (409). The amount is the whole of
 * what is owed back, computed by the UPDATE from the row it locked; the `credit_notes_amounts`
 * check keeps it between 0 and `total - applied` whatever a later change tries.
 */
export function payBackCreditNote(
  db: Database,
  actor: AuditActor,
  id: string,
  reference: string,
): Promise<CreditNoteRef> {
  return db.transaction(async (tx) => {
    const [locked] = await rowsOf<CreditNoteRefRow & { company: string | null }>(
      tx,
      sql`select ${creditNoteRefColumns}, c.name as company
        from credit_notes n left join companies c on c.id = n.company_id
        where n.id = ${id} for update of n`,
    );
    if (!locked) throw new AppError('NOT_FOUND', returnMessages.creditNoteNotFound);
    const before = toCreditNoteRef(locked);
    if (before.paidBackAt !== null) throw new AppError('CONFLICT', returnMessages.paidBackAlready);
    if (before.owedBackCents <= 0) throw new AppError('CONFLICT', returnMessages.nothingOwedBack);
    const [paid] = await rowsOf<CreditNoteRefRow>(
      tx,
      sql`update credit_notes n set paid_back_cents = n.total_cents - n.applied_cents,
          paid_back_at = now(), paid_back_reference = ${reference}, paid_back_by = ${actor.id}
        where n.id = ${id}
        returning ${creditNoteRefColumns}`,
    );
    // The row is locked since it was checked above: nothing can have paid it back in between.
    const after = toCreditNoteRef(paid as CreditNoteRefRow);
    await recordAudit(tx, actor, {
      action: 'credit_note.paid_back',
      targetType: 'credit_note',
      targetId: id,
      summary: `Paid back ${formatPrice(after.paidBackCents / 100)} of credit note ${after.number}${locked.company ? ` to ${locked.company}` : ''} (reference ${reference})`,
      before: { paidBackCents: before.paidBackCents, owedBackCents: before.owedBackCents },
      after: {
        paidBackCents: after.paidBackCents,
        owedBackCents: after.owedBackCents,
        paidBackReference: reference,
      },
    });
    return after;
  });
}
