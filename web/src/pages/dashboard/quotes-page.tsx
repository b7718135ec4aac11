import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useQuotes } from '../../features/quotes/api/get-quotes';
import { QuoteCard } from '../../features/quotes/components/quote-card';
import { usePageTitle } from '../../lib/use-page-title';

/** My quotes (issue 19): newest first; a company admin sees every quote of the company. */
export function QuotesPage() {
  usePageTitle('Quotes');
  const { user } = useCurrentUser();
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useQuotes('mine');
  const quotes = data?.pages.flatMap((page) => page.quotes) ?? [];
  return (
    <section>
      <PageHeader
        level={2}
        title="Quotes"
        description="Prices the shop gives you for large quantities. Accept one and it becomes an order at those prices."
      />
      {isPending ? (
        <Spinner text="Loading your quotes…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : quotes.length === 0 ? (
        <EmptyState title="You have no quotes yet">
          Fill your{' '}
          <Link to={paths.cart} className="link link-primary">
            cart
          </Link>{' '}
          with the parts and quantities you need, then choose Request a quote.
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Quotes">
            {quotes.map((quote) => (
              <QuoteCard
                key={quote._id}
                quote={quote}
                to={paths.dashboard.quote(quote._id)}
                action="View"
                // A company admin also sees colleagues' quotes: say whose.
                showBuyer={quote.buyerEmail !== user?.email}
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
