import type { Order } from '@proper-parts/domain/orders';
import { shortId } from '../../../lib/format';
import { toast } from '../../../lib/toast';

const label: Record<Order['status'], { text: string; tone: string }> = {
  awaiting_approval: { text: 'Awaiting approval', tone: 'badge-secondary' },
  awaiting_freight: { text: 'Awaiting freight quote', tone: 'badge-secondary' },
  unpaid: { text: 'Unpaid', tone: 'badge-warning' },
  pending: { text: 'Paid', tone: 'badge-success' },
  partially_shipped: { text: 'Partially shipped', tone: 'badge-info' },
  shipped: { text: 'Shipped', tone: 'badge-info' },
  cancelled: { text: 'Cancelled', tone: 'badge-ghost' },
};

/**
 * Where an order stands, as the customer reads it: Awaiting approval, Unpaid, Paid (waiting to
 * ship), Shipped. An order on account goes to shipping unpaid: it reads "On account" (issue 19).
 */
export function OrderStatusBadge({
  status,
  paymentTerms = 'card',
  paid = false,
}: {
  status: Order['status'];
  paymentTerms?: Order['paymentTerms'];
  paid?: boolean;
}) {
  const { text, tone } =
    status === 'pending' && paymentTerms === 'account' && !paid
      ? { text: 'On account', tone: 'badge-info' }
      : label[status];
  return <span className={`badge badge-soft whitespace-nowrap ${tone}`}>{text}</span>;
}

/**
 * The provider's payment id, cut to fit a phone (`sbx_pi_1a2b…9f0e`, 5 lines before) with a button
 * that copies it whole; the whole id is in the page for screen readers and for finding it.
 */
export function TransactionId({ id }: { id: string | null }) {
  if (!id) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      toast.success('Transaction id copied');
    } catch {
      // No clipboard outside a secure context (http:// on a LAN address): say so.
      toast.error(`Copy is not available here: ${id}`);
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-x-1 text-xs text-base-content/70">
      <span className="whitespace-nowrap">Transaction id:</span>
      <span className="font-mono whitespace-nowrap" data-testid="transaction-id" title={id}>
        {shortId(id) === id ? (
          id
        ) : (
          <>
            <span aria-hidden="true">{shortId(id)}</span>
            <span className="sr-only">{id}</span>
          </>
        )}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-xs px-1"
        aria-label="Copy transaction id"
        title="Copy transaction id"
        onClick={copy}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
        </svg>
      </button>
    </span>
  );
}
