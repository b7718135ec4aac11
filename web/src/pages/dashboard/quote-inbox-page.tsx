import type { QuoteStatus } from '@proper-parts/domain/quotes';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useQuotes } from '../../features/quotes/api/get-quotes';
import { QuoteCard } from '../../features/quotes/components/quote-card';
import { usePageTitle } from '../../lib/use-page-title';

const tabs: { status: QuoteStatus | undefined; label: string }[] = [
  { status: 'requested', label: 'Waiting' },
  { status: 'answered', label: 'Answered' },
  { status: 'accepted', label: 'Accepted' },
  { status: undefined, label: 'All' },
];

/** Shop admin: the quote inbox (issue 19), requests waiting for an answer first. */
export function QuoteInboxPage() {
  usePageTitle('Quote inbox');
  const [status, setStatus] = useState<QuoteStatus | undefined>('requested');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useQuotes('shop', status);
  const quotes = data?.pages.flatMap((page) => page.quotes) ?? [];
  return (
    <section>
      <PageHeader
        level={2}
        title="Quote inbox"
        description="Customers ask for prices on large quantities. Answer with a unit price per line, a lead time and an expiry date."
      />
      <div role="tablist" className="tabs tabs-box mb-4 w-fit max-w-full overflow-x-auto">
        {tabs.map((tab) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            aria-selected={status === tab.status}
            className={`tab ${status === tab.status ? 'tab-active' : ''}`}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {isPending ? (
        <Spinner text="Loading quotes…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : quotes.length === 0 ? (
        <EmptyState
          title={status === 'requested' ? 'No request waits for an answer' : 'No quotes here'}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Quote requests">
            {quotes.map((quote) => (
              <QuoteCard
                key={quote._id}
                quote={quote}
                to={paths.dashboard.quoteAnswer(quote._id)}
                action={quote.status === 'requested' ? 'Answer' : 'View'}
                showBuyer
              />
            ))}
          </ul>
          {hasNextPage && (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                className="btn btn-outline"
                disabled={isFetchingNextPage}
                onClick={() => fetchNextPage()}
              >
                Load more
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
