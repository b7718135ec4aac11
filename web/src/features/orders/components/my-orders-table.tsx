import { type Order, orderMessages } from '@proper-parts/domain/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { formatDate, formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { ORDERS_PAGE_SIZE, useMyOrders } from '../api/get-my-orders';
import { ConfirmOrderModal } from './confirm-order-modal';
import { BuyAgainButton, InvoiceLink, OrderApprovalNote, OrderLinesDetails } from './order-extras';
import { OrderStatusBadge, TransactionId } from './order-status';
import { Pager } from './pager';

/**
 * On a phone each order stacks into a card: its name across the whole width, then its total
 * beside what can be done with it (at 375 px the table's columns left a name 90 px: 6 lines).
 */
const CARD_ROW =
  'max-sm:flex max-sm:flex-wrap max-sm:items-start max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3 max-sm:border-b max-sm:border-base-300 max-sm:last:border-b-0';
/** The table draws a line under each cell: in a card, only the card has one. */
const CARD_CELL = 'max-sm:border-0 max-sm:p-0';

/** My Orders (spec §2 dashboard index): Pay and Cancel while unpaid, Paid + id, Shipped. */
export function MyOrdersTable({ email }: { email: string }) {
  const [offset, setOffset] = useState(0);
  const { data: orders = [], isPending, isError, error } = useMyOrders(email, offset);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const cancel = useCancelOrder();

  if (isPending) return <Spinner text="Loading your orders…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (orders.length === 0 && offset === 0)
    return (
      <EmptyState title="You have no orders yet">
        Pick a product on the{' '}
        <Link to={paths.home} className="link link-primary">
          home page
        </Link>{' '}
        and press Purchase Now.
      </EmptyState>
    );

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm md:table-md max-sm:block">
          <thead className="max-sm:sr-only">
            <tr>
              <th scope="col">#</th>
              <th scope="col">Product</th>
              <th scope="col" className="hidden text-right sm:table-cell">
                Qty
              </th>
              <th scope="col" className="text-right">
                Total
              </th>
              <th scope="col">Payment</th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {orders.map((order, index) => (
              <tr key={order._id} data-testid="order-row" className={CARD_ROW}>
                <th scope="row" className="text-base-content/60 max-sm:hidden">
                  {offset + index + 1}
                </th>
                <td className={`${CARD_CELL} max-sm:basis-full`}>
                  <div className="flex items-center gap-3">
                    <img
                      src={order.img}
                      alt=""
                      width={40}
                      height={40}
                      className="hidden h-10 w-10 rounded object-contain sm:block"
                    />
                    <div>
                      <span className="block font-medium">{order.purchaseName}</span>
                      <span className="block text-xs text-base-content/70">
                        <span className="sm:hidden">{formatPieces(order.quantity)} · </span>
                        Ordered {formatDate(order.createdAt)}
                      </span>
                      <OrderLinesDetails order={order} />
                    </div>
                  </div>
                </td>
                {/* On phones the quantity sits under the name: the payment column stays in view. */}
                <td className="hidden text-right whitespace-nowrap sm:table-cell">
                  {formatPieces(order.quantity)}
                </td>
                <td
                  className={`text-right whitespace-nowrap ${CARD_CELL} max-sm:font-semibold max-sm:leading-6`}
                >
                  {formatPrice(order.price)}
                </td>
                <td className={`${CARD_CELL} max-sm:flex-1`}>
                  {order.status === 'unpaid' || order.status === 'awaiting_approval' ? (
                    <div className="flex flex-wrap items-center gap-2">
                      {order.status === 'unpaid' ? (
                        <Link
                          to={paths.dashboard.payment(order._id)}
                          className="btn btn-primary btn-xs sm:btn-sm"
                        >
                          Pay
                        </Link>
                      ) : (
                        <div>
                          <OrderStatusBadge status={order.status} />
                          <OrderApprovalNote order={order} />
                        </div>
                      )}
                      <button
                        type="button"
                        className="btn btn-outline btn-error btn-xs sm:btn-sm"
                        onClick={() => {
                          cancel.reset();
                          setCancelling(order);
                        }}
                      >
                        Cancel
                      </button>
                    </div>
                  ) : (
                    <div className="flex flex-col items-start gap-1">
                      <OrderStatusBadge
                        status={order.status}
                        paymentTerms={order.paymentTerms}
                        paid={order.paid}
                      />
                      <OrderApprovalNote order={order} />
                      <TransactionId id={order.transactionId} />
                      <InvoiceLink order={order} />
                      <BuyAgainButton order={order} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        offset={offset}
        pageSize={ORDERS_PAGE_SIZE}
        count={orders.length}
        onChange={setOffset}
      />
      {cancelling && (
        <ConfirmOrderModal
          title="Cancel this order?"
          order={cancelling}
          action="Yes, cancel order"
          busy={cancel.isPending}
          error={cancel.error?.message}
          onClose={() => setCancelling(null)}
          onConfirm={(close) =>
            cancel.mutate(cancelling._id, {
              onSuccess: ({ deletedCount }) => {
                if (deletedCount > 0)
                  toast.success(orderMessages.cancelled(cancelling.purchaseName));
                close();
              },
            })
          }
        />
      )}
    </>
  );
}
