import type { Quote } from '@proper-parts/domain/quotes';
import { formatDate, formatLongDate, formatPrice } from '../../../lib/format';
import { QuoteStatusBadge } from './quote-status';

/** What a quote says beside its lines: who asked, when, the message, and the shop's answer. */
export function QuoteFacts({ quote }: { quote: Quote }) {
  const answered = quote.answeredAt !== null && quote.status !== 'declined';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <QuoteStatusBadge status={quote.status} />
        <span className="text-sm text-base-content/70">
          Requested {formatDate(quote.createdAt)} by {quote.buyerName}
          {quote.companyName ? ` (${quote.companyName})` : ''}
        </span>
      </div>
      {quote.message && (
        <blockquote className="border-l-4 border-base-300 pl-3 text-sm whitespace-pre-line">
          {quote.message}
        </blockquote>
      )}
      {answered && (
        <dl className="grid grid-cols-2 gap-3 rounded-box bg-base-200 p-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-base-content/70">Total</dt>
            <dd className="text-xl font-bold" data-testid="quote-total">
              {formatPrice(quote.total ?? 0)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/70">Lead time</dt>
            <dd className="font-semibold">
              {quote.leadTimeDays} {quote.leadTimeDays === 1 ? 'day' : 'days'}
            </dd>
          </div>
          {quote.expiresOn && quote.status !== 'accepted' && (
            <div>
              <dt className="text-sm text-base-content/70">
                {quote.status === 'expired' ? 'Expired after' : 'Valid until'}
              </dt>
              <dd className="font-semibold">{formatLongDate(quote.expiresOn)}</dd>
            </div>
          )}
        </dl>
      )}
      {quote.answerNote && (
        <div className="text-sm">
          <p className="font-medium">A note from the shop</p>
          <p className="whitespace-pre-line text-base-content/80">{quote.answerNote}</p>
        </div>
      )}
    </div>
  );
}
