import { ORDER_STATUSES, type OrderStatus } from '@proper-parts/domain/constants';
import { type Order, orderMessages } from '@proper-parts/domain/orders';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { formatDate, formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteOrder } from '../api/delete-order';
import { useAllOrders } from '../api/get-all-orders';
import { ORDERS_PAGE_SIZE } from '../api/get-my-orders';
import { useShipOrder } from '../api/ship-order';
import { ConfirmOrderModal } from './confirm-order-modal';
import { InvoiceLink, OrderApprovalNote, OrderLinesDetails } from './order-extras';
import { OrderStatusBadge, TransactionId } from './order-status';
import { Pager } from './pager';

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
  unpaid: 'Unpaid',
  pending: 'Paid, to ship',
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
      Shipped
    </button>
  );
}

/** Shipped for a paid order, Delete for an unpaid one (spec §4). */
function OrderAction({ order, onDelete }: { order: Order; onDelete: (order: Order) => void }) {
  if (order.status === 'pending') return <ShipButton order={order} />;
  if (order.status === 'shipped') return <OrderStatusBadge status="shipped" />;
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

/** Manage All Orders (admin, spec §4): ship paid orders, delete unpaid ones, filter by status. */
export function ManageOrdersTable() {
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<OrderStatus | undefined>(undefined);
  const { data: orders = [], isPending, isError, error } = useAllOrders({ offset, status });
  const [deleting, setDeleting] = useState<Order | null>(null);
  const remove = useDeleteOrder();
  const askDelete = (order: Order) => {
    remove.reset();
    setDeleting(order);
  };

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
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm md:table-md">
            <thead>
              <tr>
                <th scope="col" className="hidden sm:table-cell">
                  #
                </th>
                <th scope="col">Order</th>
                <th scope="col" className="text-right">
                  Total
                </th>
                <th scope="col">Payment</th>
                <th scope="col" className="hidden md:table-cell">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order, index) => (
                <tr key={order._id} data-testid="manage-order-row">
                  <th scope="row" className="hidden text-base-content/60 sm:table-cell">
                    {offset + index + 1}
                  </th>
                  <td>
                    <span className="block font-medium">{order.purchaseName}</span>
                    <span className="block text-xs text-base-content/70">
                      {formatPieces(order.quantity)} · ordered {formatDate(order.createdAt)}
                    </span>
                    <OrderLinesDetails order={order} />
                    <span className="mt-1 block text-sm">{order.userName}</span>
                    <span className="block text-xs text-base-content/70">
                      <EmailAddress email={order.email} />
                    </span>
                    {/* Where to ship: the admin ships from this list. */}
                    <span className="mt-1 block text-xs" data-testid="ship-to">
                      <span className="font-medium">Ship to:</span>{' '}
                      {order.address || 'no address given'}
                      {order.phone && <> · {order.phone}</>}
                    </span>
                  </td>
                  <td className="text-right whitespace-nowrap">{formatPrice(order.price)}</td>
                  <td>
                    {order.paid ? (
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
                    )}
                    {/* On phones the action sits under the payment, not in a column off screen. */}
                    <div className="mt-2 md:hidden">
                      <OrderAction order={order} onDelete={askDelete} />
                    </div>
                  </td>
                  <td className="hidden md:table-cell">
                    <OrderAction order={order} onDelete={askDelete} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        offset={offset}
        pageSize={ORDERS_PAGE_SIZE}
        count={orders.length}
        onChange={setOffset}
      />
      {deleting && (
        <ConfirmOrderModal
          title="Delete this order?"
          order={deleting}
          action="Yes, delete order"
          busy={remove.isPending}
          error={remove.error?.message}
          onClose={() => setDeleting(null)}
          onConfirm={(close) =>
            remove.mutate(deleting._id, {
              onSuccess: ({ deletedCount }) => {
                if (deletedCount > 0) toast.success(orderMessages.deleted(deleting.purchaseName));
                close();
              },
            })
          }
        />
      )}
    </>
  );
}
