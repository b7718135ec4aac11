import { zodResolver } from '@hookform/resolvers/zod';
import { type RejectRequest, rejectRequest } from '@proper-parts/domain/companies';
import type { Order } from '@proper-parts/domain/orders';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { formatDate, formatDateTime, formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecide } from '../api/approvals';

/** One order awaiting approval: who, what, how much; Approve, or Reject with a reason. */
export function ApprovalCard({ order }: { order: Order }) {
  const decide = useDecide();
  const [rejecting, setRejecting] = useState(false);
  const form = useForm<RejectRequest>({
    resolver: zodResolver(rejectRequest),
    defaultValues: { reason: '' },
  });
  const busy = decide.isPending;

  const approve = () =>
    decide.mutate(
      { verb: 'approve', orderId: order._id },
      {
        onSuccess: () => toast.success(`Order by ${order.userName} approved`),
        onError: (error) => toast.error(error.message),
      },
    );
  const reject = form.handleSubmit(({ reason }) =>
    decide.mutate(
      { verb: 'reject', orderId: order._id, reason },
      {
        onSuccess: () => toast.success(`Order by ${order.userName} rejected`),
        onError: (error) => form.setError('reason', { message: error.message }),
      },
    ),
  );

  return (
    <li className="card border border-base-300 bg-base-100" data-testid="approval">
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold">
              {order.userName}{' '}
              <span className="font-normal text-base-content/70">· {order.email}</span>
            </h3>
            <p className="text-sm text-base-content/70">
              Ordered {formatDate(order.createdAt)}
              {order.poNumber && <> · PO {order.poNumber}</>} ·{' '}
              {order.paymentTerms === 'account' ? 'On account' : 'By card'}
            </p>
            {order.approvalExpiresAt && (
              <p className="text-sm text-base-content/70">
                Stock held until {formatDateTime(order.approvalExpiresAt)}
              </p>
            )}
          </div>
          <p className="text-xl font-semibold">
            <span className="sr-only">Total </span>
            {formatPrice(order.price)}
          </p>
        </div>
        <ul className="flex flex-col gap-0.5 text-sm" aria-label="Lines">
          {order.lines.map((line) => (
            <li key={line.lineNo} className="flex flex-wrap justify-between gap-x-3">
              <span>
                <span className="font-mono text-xs">{line.sku}</span> {line.name}
              </span>
              <span className="whitespace-nowrap text-base-content/70">
                {formatPieces(line.quantity)} × {formatPrice(line.unitPrice)} ={' '}
                {formatPrice(line.lineTotal)}
              </span>
            </li>
          ))}
        </ul>
        {order.note && <p className="text-sm italic">“{order.note}”</p>}
        {rejecting ? (
          <form onSubmit={reject} noValidate className="flex flex-col gap-2">
            <FormField
              label="Why is it rejected? (the buyer reads this)"
              error={form.formState.errors.reason?.message}
              autoFocus
              {...form.register('reason')}
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn btn-error btn-sm" disabled={busy}>
                Reject order
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => setRejecting(false)}
              >
                Keep it
              </button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={approve}
            >
              Approve
            </button>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              disabled={busy}
              onClick={() => setRejecting(true)}
            >
              Reject…
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
