import {
  type CreditNoteRef,
  type ReturnRequest,
  type ReturnState,
  returnReasonLabels,
  returnStateLabels,
} from '@proper-parts/domain/returns';
import { api } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { CreditNoteBack } from './credit-note-back';

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

/** Issue 37: what a core return does with the deposit, plainly. */
function DepositNote({
  line,
  request,
}: {
  line: ReturnRequest['lines'][number];
  request: ReturnRequest;
}) {
  if (line.reason !== 'core_return' || line.depositCents <= 0) return null;
  const deposit = formatCents(line.depositCents * line.quantity);
  const when =
    request.refundState === 'refunded'
      ? 'given back'
      : request.state === 'received'
        ? 'given back with the refund'
        : 'given back once the cores are received';
  return line.coreLate ? (
    <span className="block text-warning" data-testid="deposit-kept">
      Deposit kept: the core came back after its core return window
    </span>
  ) : (
    <span className="block text-success" data-testid="deposit-refundable">
      Core deposit {deposit} ({formatCents(line.depositCents)} each, with its tax) {when}
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
          <DepositNote line={line} request={request} />
        </li>
      ))}
    </ul>
  );
}

/** Issue 37: the buyer's photos of a return, each opening full size. */
export function ReturnPhotos({ request }: { request: ReturnRequest }) {
  if (request.photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos">
      {request.photos.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer" className="block">
            <img
              src={url}
              alt={`The buyer's view ${index + 1} of the returned parts`}
              className="h-20 w-20 rounded border border-base-300 object-cover sm:h-24 sm:w-24"
              loading="lazy"
            />
          </a>
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
        <CreditNoteBack note={request.creditNote} className="block" />
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
