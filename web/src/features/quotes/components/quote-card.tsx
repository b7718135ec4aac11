import type { QuoteSummary } from '@proper-parts/domain/quotes';
import { Link } from 'react-router';
import { formatDate, formatLongDate, formatPrice } from '../../../lib/format';
import { QuoteStatusBadge } from './quote-status';

/** A quote in a list: status, when, how many lines, the total once answered, its expiry. */
export function QuoteCard({
  quote,
  to,
  action,
  showBuyer = false,
}: {
  quote: QuoteSummary;
  to: string;
  /** The link's words: "View" for the buyer, "Answer" in the shop's inbox. */
  action: string;
  showBuyer?: boolean;
}) {
  const lines = `${quote.lineCount} ${quote.lineCount === 1 ? 'line' : 'lines'}`;
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <QuoteStatusBadge status={quote.status} />
          <span className="text-sm text-base-content/70">
            Requested {formatDate(quote.createdAt)} · {lines}
          </span>
        </div>
        {quote.total !== null && (
          <span className="text-lg font-bold" data-testid="quote-total">
            {formatPrice(quote.total)}
          </span>
        )}
      </div>
      {showBuyer && (
        <p className="mt-2 truncate font-medium">
          {quote.buyerName}
          {quote.companyName && (
            <span className="font-normal text-base-content/70"> · {quote.companyName}</span>
          )}
        </p>
      )}
      {quote.message && (
        <p className="mt-1 line-clamp-2 text-sm text-base-content/80">{quote.message}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-base-content/70">
          {quote.expiresOn && quote.status !== 'accepted'
            ? `${quote.status === 'expired' ? 'Expired' : 'Valid until'} ${formatLongDate(quote.expiresOn)}`
            : ''}
        </span>
        <Link
          to={to}
          className="btn btn-sm btn-outline"
          aria-label={`${action} the quote requested ${formatDate(quote.createdAt)}`}
        >
          {action}
        </Link>
      </div>
    </li>
  );
}
