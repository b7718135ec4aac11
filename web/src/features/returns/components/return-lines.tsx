import {
  type ReturnRequest,
  type ReturnState,
  returnReasonLabels,
  returnStateLabels,
} from '@proper-parts/domain/returns';

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
