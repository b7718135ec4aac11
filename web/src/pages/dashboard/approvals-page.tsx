import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useApprovals } from '../../features/approvals/api/approvals';
import { ApprovalCard } from '../../features/approvals/components/approval-card';
import { useMyCompany } from '../../features/companies/api/get-my-company';
import { usePageTitle } from '../../lib/use-page-title';

/** Issue 19: the orders of my company above their buyer's limit, for approvers and company admins. */
export function ApprovalsPage() {
  usePageTitle('Approvals');
  const mine = useMyCompany();
  const mayApprove = mine.company?.me.role === 'admin' || mine.company?.me.role === 'approver';
  return (
    <section>
      <PageHeader
        level={2}
        title="Approvals"
        description="Orders of your colleagues above their spending limit. Their stock is held until you decide, or until the hold runs out."
      />
      {mine.isPending ? (
        <Spinner text="Loading your company…" />
      ) : mine.isError ? (
        <p role="alert" className="font-medium text-error">
          {mine.error.message}
        </p>
      ) : !mine.company ? (
        <EmptyState title="You are not a member of a company">
          Approvals are for companies.{' '}
          <Link to={paths.dashboard.company} className="link link-primary">
            Create your company
          </Link>{' '}
          or ask your company admin for an invitation.
        </EmptyState>
      ) : !mayApprove ? (
        <EmptyState title="Only approvers and company admins approve orders">
          Your orders above your limit wait here for them; you see where each stands in My Orders.
        </EmptyState>
      ) : (
        <AwaitingOrders />
      )}
    </section>
  );
}

function AwaitingOrders() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useApprovals();
  const orders = data?.pages.flatMap((page) => page.orders) ?? [];
  if (isPending) return <Spinner text="Loading orders awaiting approval…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (orders.length === 0)
    return (
      <EmptyState title="Nothing waits for your approval">
        When a buyer orders above their limit, the order appears here and you get a mail.
      </EmptyState>
    );
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Orders awaiting approval">
        {orders.map((order) => (
          <ApprovalCard key={order._id} order={order} />
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
  );
}
