import { RETURN_STATES, returnStateLabels } from '@proper-parts/domain/returns';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { SelectField } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { LoadMore } from '../../features/accounts/components/load-more';
import { useAdminReturns } from '../../features/returns/api/returns';
import { PayBackForm } from '../../features/returns/components/pay-back-form';
import { RefundForm } from '../../features/returns/components/refund-form';
import { ApproveOrRefuse, ReceiveForm } from '../../features/returns/components/return-decisions';
import {
  RefundLine,
  ReturnLines,
  ReturnPhotos,
  ReturnStateBadge,
  returnDay,
} from '../../features/returns/components/return-lines';
import { usePageTitle } from '../../lib/use-page-title';

/** Shop admin (issue 37): return requests to approve or refuse, and approved ones to receive. */
export function ManageReturnsPage() {
  usePageTitle('Returns');
  const [state, setState] = useState('requested');
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useAdminReturns(state);
  const returns = data?.pages.flatMap((page) => page.returns) ?? [];
  return (
    <section>
      <PageHeader
        level={2}
        title="Returns"
        description="Approve a request (it gets an RMA number and the buyer is mailed how to send it) or refuse it with a reason; when the parcel arrives, record what is restocked, scrapped or refused. Only restocked pieces go back into stock. A credit note on an invoice already paid is owed back to the company: record its pay-back once the money is sent."
      />
      <div className="mb-4 max-w-xs">
        <SelectField label="Show" value={state} onChange={(event) => setState(event.target.value)}>
          <option value="">All returns</option>
          {RETURN_STATES.map((value) => (
            <option key={value} value={value}>
              {returnStateLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>
      {isPending ? (
        <Spinner text="Loading returns…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : returns.length === 0 ? (
        <EmptyState title="No returns here">Buyers ask for returns from My Orders.</EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Returns">
            {returns.map((request) => (
              <li
                key={request.id}
                className="card card-border bg-base-100 p-4"
                data-testid="admin-return-row"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {request.rmaNumber ?? 'Request'}{' '}
                    <span className="text-xs font-normal text-base-content/70">
                      {request.email} · order {request.orderId.slice(0, 8)} ·{' '}
                      {returnDay(request.createdAt)}
                    </span>
                  </span>
                  <ReturnStateBadge state={request.state} />
                </div>
                <div className="mt-2">
                  <ReturnLines request={request} />
                </div>
                <ReturnPhotos request={request} />
                {request.note && (
                  <p className="mt-2 text-sm whitespace-pre-line">
                    <span className="font-medium">Buyer's note:</span> {request.note}
                  </p>
                )}
                <RefundLine request={request} />
                {request.refusalReason && (
                  <p className="mt-2 text-sm text-error">Refused: {request.refusalReason}</p>
                )}
                <div className="mt-3">
                  {request.state === 'requested' && <ApproveOrRefuse request={request} />}
                  {request.state === 'approved' && <ReceiveForm request={request} />}
                  {request.state === 'received' && request.refundState !== 'refunded' && (
                    <RefundForm request={request} />
                  )}
                  {request.creditNote && request.creditNote.owedBackCents > 0 && (
                    <PayBackForm note={request.creditNote} />
                  )}
                </div>
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
