import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { api } from '../../config/paths';
import { LoadMore } from '../../features/accounts/components/load-more';
import { useMyReturns } from '../../features/returns/api/returns';
import {
  RefundLine,
  ReturnLines,
  ReturnPhotos,
  ReturnStateBadge,
  returnDay,
} from '../../features/returns/components/return-lines';
import { usePageTitle } from '../../lib/use-page-title';

/** My returns (issue 37): what I asked to send back, and what the shop decided. */
export function MyReturnsPage() {
  usePageTitle('My returns');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useMyReturns();
  const returns = data?.pages.flatMap((page) => page.returns) ?? [];
  return (
    <section>
      <PageHeader
        level={2}
        title="My returns"
        description="Parts you asked to send back. Once approved, write the RMA number on the parcel; we mail you the instructions."
      />
      {isPending ? (
        <Spinner text="Loading your returns…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : returns.length === 0 ? (
        <EmptyState title="No returns yet">
          Open an order with shipped parts in My Orders and press Return items.
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="My returns">
            {returns.map((request) => (
              <li
                key={request.id}
                className="card card-border bg-base-100 p-4"
                data-testid="return-row"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {request.rmaNumber ?? 'Return request'}{' '}
                    <span className="text-xs font-normal text-base-content/70">
                      order {request.orderId.slice(0, 8)} · {returnDay(request.createdAt)}
                    </span>
                  </span>
                  <ReturnStateBadge state={request.state} />
                </div>
                <div className="mt-2">
                  <ReturnLines request={request} />
                  <ReturnPhotos request={request} />
                </div>
                <RefundLine request={request} />
                {request.refusalReason && (
                  <p className="mt-2 text-sm text-error">Refused: {request.refusalReason}</p>
                )}
                {request.state === 'approved' && (
                  <p className="mt-2 text-sm">
                    Send the parts with <strong>{request.rmaNumber}</strong> on the parcel.{' '}
                    <a
                      className="link link-primary"
                      href={api.rma(request.id)}
                      download
                      aria-label={`Return authorization ${request.rmaNumber} (PDF)`}
                    >
                      Print the return authorization
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={hasNextPage}
            busy={isFetchingNextPage}
            onLoad={() => fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
