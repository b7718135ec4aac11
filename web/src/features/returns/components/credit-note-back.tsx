import type { CreditNoteRef } from '@proper-parts/domain/returns';
import { formatDate, formatPrice } from '../../../lib/format';

const dollars = (cents: number) => formatPrice(cents / 100);

/**
 * What a credit note owes back to the company (what its invoice no longer owed, issue 37), or,
 * once the shop paid it, when and under which reference; nothing when the invoice took it all.
 */
export function CreditNoteBack({
  note,
  className = '',
}: {
  note: CreditNoteRef;
  className?: string;
}) {
  if (note.paidBackAt)
    return (
      <span className={className} data-testid="credit-note-back">
        Paid back {dollars(note.paidBackCents)} on {formatDate(note.paidBackAt)} (ref{' '}
        <span className="break-all">{note.paidBackReference}</span>)
      </span>
    );
  if (note.owedBackCents > 0)
    return (
      <span className={className} data-testid="credit-note-back">
        Owed back {dollars(note.owedBackCents)}
      </span>
    );
  return null;
}
