import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useStatement } from '../../features/accounts/api/get-statement';
import { CreditSummary } from '../../features/accounts/components/credit-summary';
import { InvoicesTable } from '../../features/accounts/components/invoices-table';
import { LoadMore } from '../../features/accounts/components/load-more';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

/** A company's statement (issue 19), for its admins and approvers. */
export function CompanyStatementPage() {
  usePageTitle('Statement');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useStatement();
  const first = data?.pages[0];
  const invoices = data?.pages.flatMap((page) => page.invoices) ?? [];

  return (
    <section>
      <PageHeader
        level={2}
        title="Statement"
        description={
          first
            ? `${first.companyName}: what is owed on account, when it is due, and the credit left.`
            : 'What your company owes on account, when it is due, and the credit left.'
        }
      />
      {isPending ? (
        <Spinner text="Loading the statement…" />
      ) : isError ? (
        error instanceof ApiError && (error.status === 403 || error.status === 404) ? (
          // A buyer, or someone in no company: not an empty statement, but why there is none.
          <EmptyState title="No statement to show">
            {error.message}.{' '}
            <Link to={paths.dashboard.company} className="link link-primary">
              Your company
            </Link>
          </EmptyState>
        ) : (
          <p role="alert" className="font-medium text-error">
            {error.message}
          </p>
        )
      ) : (
        first && (
          <>
            <CreditSummary {...first} />
            {invoices.length === 0 ? (
              <EmptyState title="No invoices on account yet">
                {first.termsDays
                  ? 'Orders paid on account appear here with their due dates.'
                  : 'Your company pays by card. A shop admin can grant net terms.'}
              </EmptyState>
            ) : (
              <>
                <InvoicesTable invoices={invoices} />
                <LoadMore
                  hasMore={hasNextPage}
                  busy={isFetchingNextPage}
                  onLoad={() => fetchNextPage()}
                />
              </>
            )}
          </>
        )
      )}
    </section>
  );
}
