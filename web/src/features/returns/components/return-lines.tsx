import {
  type CreditNoteRef,
  type ReturnRequest,
  type ReturnState,
  returnReasonLabels,
  returnStateLabels,
} from '@proper-parts/domain/returns';
import { api } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';

const badgeOf: Record<ReturnState, string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  refused: 'badge-error',
  received: 'badge-success',
};

/** A return's state as a badge. */
export function ReturnStateBadge({ state }: { state: ReturnState }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap ${badgeOf[state]}`}>
      {returnStateLabels[state]}
    </span>
  );
}

/** A return's lines: pieces, reason, and once received what became of them. */
export function ReturnLines({ request }: { request: ReturnRequest }) {
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {request.lines.map((line) => (
        <li key={line.productId}>
          <span className="font-mono">{line.sku}</span> {line.name}: {line.quantity} ·{' '}
          {returnReasonLabels[line.reason]}
          {request.state === 'received' && (
            <span className="text-base-content/70">
              {' '}
              (restocked {line.restocked}, scrapped {line.scrapped}, refused {line.refused})
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export const returnDay = (at: string | null) =>
  at ? new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '';

/** Cents as dollars: `$12.34`. */
export const formatCents = (cents: number) => formatPrice(cents / 100);

/** A credit note's number, linking to its PDF. */
export function CreditNoteLink({ note }: { note: CreditNoteRef }) {
  return (
    <a className="link link-primary" href={api.creditNote(note.id)} download>
      {note.number}
    </a>
  );
}

/** The refund of a return, once asked or made: to the card, or a credit note on account. */
export function RefundLine({ request }: { request: ReturnRequest }) {
  const fee = request.restockingFeeCents ?? 0;
  const feeText = fee > 0 ? ` (less a restocking fee of ${formatCents(fee)})` : '';
  if (request.creditNote)
    return (
      <p className="mt-2 text-sm" data-testid="credit-note">
        Credit note <CreditNoteLink note={request.creditNote} /> of{' '}
        <strong>{formatCents(request.creditNote.totalCents)}</strong>
        {feeText}, off your company's balance on {returnDay(request.creditNote.issuedAt)}.
      </p>
    );
  if (request.refundState === 'refunded')
    return (
      <p className="mt-2 text-sm">
        Refunded <strong>{formatCents(request.refundCents ?? 0)}</strong> to the card
        {feeText}
        {request.refundedAt ? ` on ${returnDay(request.refundedAt)}` : ''}.
      </p>
    );
  if (request.refundState === 'pending')
    return (
      <p className="mt-2 text-sm">Refund of {formatCents(request.refundCents ?? 0)} under way.</p>
    );
  return null;
}
