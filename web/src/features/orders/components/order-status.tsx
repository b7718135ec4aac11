import type { Order } from '@proper-parts/domain/orders';

const label: Record<Order['status'], { text: string; tone: string }> = {
  unpaid: { text: 'Unpaid', tone: 'badge-warning' },
  pending: { text: 'Paid', tone: 'badge-success' },
  shipped: { text: 'Shipped', tone: 'badge-info' },
  cancelled: { text: 'Cancelled', tone: 'badge-ghost' },
};

/** Where an order stands, as the customer reads it: Unpaid, Paid (waiting to ship), Shipped. */
export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const { text, tone } = label[status];
  return <span className={`badge badge-soft whitespace-nowrap ${tone}`}>{text}</span>;
}

/** The provider's payment id, small and breakable so it fits a phone. */
export function TransactionId({ id }: { id: string | null }) {
  if (!id) return null;
  return (
    <span className="block text-xs text-base-content/70">
      <span className="whitespace-nowrap">Transaction id:</span>{' '}
      <span className="break-all font-mono" data-testid="transaction-id">
        {id}
      </span>
    </span>
  );
}
