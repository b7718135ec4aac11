import { type QuoteStatus, quoteStatusNames } from '@proper-parts/domain/quotes';

const tone: Record<QuoteStatus, string> = {
  requested: 'badge-warning',
  answered: 'badge-success',
  accepted: 'badge-info',
  declined: 'badge-ghost',
  expired: 'badge-ghost',
};

/** Where a quote stands: waiting for the shop, answered, accepted, declined or expired. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={`badge badge-soft whitespace-nowrap ${tone[status]}`}>
      {quoteStatusNames[status]}
    </span>
  );
}
