import { ORDER_STATUSES, type OrderStatus } from '@proper-parts/domain/constants';
import { type Order, orderMessages } from '@proper-parts/domain/orders';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { formatDate, formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ShipForm } from '../../shipments/components/ship-form';
import { useDeleteOrder } from '../api/delete-order';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
import { CancelRestButton } from './cancel-rest-button';
import { EnterFreightForm } from './enter-freight-form';
import { InvoiceLink, OrderApprovalNote, OrderLinesDetails } from './order-extras';
import { OrderStatusBadge, TransactionId } from './order-status';
import { OrderTotalsLine, orderTotals } from './order-totals';
import { CARD_CELL, type OrdersColumn, OrdersTable } from './orders-table';

/** Lets a long address wrap after the @ on narrow screens, rather than mid-word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

const statusNames: Record<OrderStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  awaiting_freight: 'Awaiting freight quote',
  unpaid: 'Unpaid',
  pending: 'Paid, to ship',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

function ShipButton({ order }: { order: Order }) {
  const ship = useShipOrder();
  return (
    <button
      type="button"
      className="btn btn-success btn-xs sm:btn-sm"
      disabled={ship.isPending}
      onClick={() =>
        ship.mutate(order._id, {
          onSuccess: ({ acknowledged }) => {
            if (acknowledged) toast.success(orderMessages.shipped);
          },
          onError: (error) => toast.error(error.message),
        })
      }
    >
      {ship.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {order.status === 'partially_shipped' ? 'Ship the rest' : 'Shipped'}
    </button>
  );
}

/**
 * Shipped for a paid order, Delete for an unpaid one (spec §4); of a partially shipped one, ship
 * the rest, part of it, or cancel it (issue 33).
 */
function OrderAction({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  if (order.status === 'pending' || order.status === 'partially_shipped')
    return (
      <div className="flex flex-col items-start gap-1">
        {order.status === 'partially_shipped' && <OrderStatusBadge status={order.status} />}
        <div className="flex flex-wrap gap-1">
          <ShipButton order={order} />
          {order.status === 'partially_shipped' && <CancelRestButton order={order} />}
        </div>
        {/* Re-made when a shipment changes what is left: its quantities start from that. */}
        <ShipForm key={order.lines.map((line) => line.shipped ?? 0).join()} order={order} />
      </div>
    );
  if (order.status === 'shipped') return <OrderStatusBadge status="shipped" />;
  if (order.status === 'awaiting_freight') return <EnterFreightForm order={order} />;
  if (order.status !== 'unpaid') return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-error btn-xs sm:btn-sm"
      onClick={() => onDelete(order)}
    >
      Delete
    </button>
  );
}

/** The columns of Manage All Orders: who ordered what and where it ships, the total, payment, action. */
const columns: OrdersColumn[] = [
  {
    head: 'Order',
    className: `${CARD_CELL} max-sm:basis-full`,
    cell: (order) => (
      <>
        <span className="block font-medium">{order.purchaseName}</span>
        <span className="block text-xs text-base-content/70">
          {formatPieces(order.quantity)} · ordered {formatDate(order.createdAt)}
        </span>
        <OrderLinesDetails order={order} />
        <OrderTotalsLine order={orderTotals(order)} />
        <span className="mt-1 block text-sm">{order.userName}</span>
        <span className="block text-xs text-base-content/70">
          <EmailAddress email={order.email} />
        </span>
        {/* Where to ship: the admin ships from this list. */}
        <span className="mt-1 block text-xs" data-testid="ship-to">
          <span className="font-medium">Ship to:</span> {order.address || 'no address given'}
          {order.phone && <> · {order.phone}</>}
        </span>
        {/* Issue 34: the shop's ERP has taken it, under its own number. */}
        {order.erpOrderNumber && (
          <span className="mt-1 block text-xs" data-testid="erp-order-number">
            <span className="font-medium">ERP:</span> {order.erpOrderNumber}
          </span>
        )}
      </>
    ),
  },
  {
    head: 'Total',
    headClassName: 'text-right',
    className: `text-right whitespace-nowrap ${CARD_CELL} max-sm:font-semibold max-sm:leading-6`,
    cell: (order) => formatPrice(order.price),
  },
  {
    head: 'Payment',
    className: `${CARD_CELL} max-sm:flex-1`,
    cell: (order) =>
      order.paid ? (
        <div className="flex flex-col gap-1">
          <span className="badge badge-success badge-soft whitespace-nowrap">
            {orderMessages.alreadyPaid}
          </span>
          <TransactionId id={order.transactionId} />
          <InvoiceLink order={order} />
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <OrderStatusBadge
            status={order.status}
            paymentTerms={order.paymentTerms}
            paid={order.paid}
          />
          <OrderApprovalNote order={order} />
          <InvoiceLink order={order} />
        </div>
      ),
  },
  {
    // Drawn once: on phones the row is a card and the action follows the payment in it (a second
    // copy under the payment, hidden by CSS on wider screens, held a second Ship form).
    head: 'Action',
    className: `${CARD_CELL} max-sm:basis-full`,
    cell: (order, ask) => <OrderAction order={order} onDelete={ask} />,
  },
];

/** Manage All Orders (admin, spec §4): ship paid orders, delete unpaid ones, filter by status. */
export function ManageOrdersTable() {
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<OrderStatus | undefined>(undefined);
  const { data: orders = [], isPending, isError, error } = useAllOrders({ offset, status });
  const remove = useDeleteOrder();

  return (
    <>
      <label className="mb-4 flex max-w-xs flex-col gap-1.5">
        <span className="text-sm font-medium">Status</span>
        <select
          className="select w-full"
          value={status ?? ''}
          onChange={(event) => {
            setOffset(0);
            setStatus((event.target.value || undefined) as OrderStatus | undefined);
          }}
        >
          <option value="">All but cancelled</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusNames[s]}
            </option>
          ))}
        </select>
      </label>
      {isPending ? (
        <Spinner text="Loading orders…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : orders.length === 0 && offset === 0 ? (
        <EmptyState title="No orders to manage" />
      ) : (
        <OrdersTable
          cards
          orders={orders}
          offset={offset}
          onOffset={setOffset}
          columns={columns}
          rowTestId="manage-order-row"
          removal={{
            mutation: remove,
            title: 'Delete this order?',
            action: 'Yes, delete order',
            done: orderMessages.deleted,
          }}
        />
      )}
    </>
  );
}
