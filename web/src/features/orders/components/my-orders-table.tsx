import { orderMessages } from '@proper-parts/domain/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { formatDate, formatPieces, formatPrice } from '../../../lib/format';
import { ReturnForm } from '../../returns/components/return-form';
import { OrderShipments } from '../../shipments/components/shipments-list';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { CoreDepositLines } from './core-deposit-lines';
import { BuyAgainButton, InvoiceLink, OrderApprovalNote, OrderLinesDetails } from './order-extras';
import { OrderStatusBadge, TransactionId } from './order-status';
import { OrderTotalsLine, orderTotals } from './order-totals';
import { CARD_CELL, type OrdersColumn, OrdersTable } from './orders-table';

/** The table draws a line under each cell: in a card, only the card has one. */
/** The columns of My Orders: the product, quantity, total, and what can be done with it. */
const columns: OrdersColumn[] = [
  {
    head: 'Product',
    className: `${CARD_CELL} max-sm:basis-full`,
    cell: (order) => (
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
          <OrderTotalsLine order={orderTotals(order)} />
          <CoreDepositLines order={order} />
          <OrderShipments order={order} />
          <ReturnForm order={order} />
        </div>
      </div>
    ),
  },
  {
    // On phones the quantity sits under the name: the payment column stays in view.
    head: 'Qty',
    headClassName: 'hidden text-right sm:table-cell',
    className: 'hidden text-right whitespace-nowrap sm:table-cell',
    cell: (order) => formatPieces(order.quantity),
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
    cell: (order, ask) =>
      order.status === 'unpaid' || order.status === 'awaiting_approval' ? (
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
            onClick={() => ask(order)}
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
      ),
  },
];

/** My Orders (spec §2 dashboard index): Pay and Cancel while unpaid, Paid + id, Shipped. */
export function MyOrdersTable({ email }: { email: string }) {
  const [offset, setOffset] = useState(0);
  const { data: orders = [], isPending, isError, error } = useMyOrders(email, offset);
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
    <OrdersTable
      cards
      orders={orders}
      offset={offset}
      onOffset={setOffset}
      columns={columns}
      rowTestId="order-row"
      removal={{
        mutation: cancel,
        title: 'Cancel this order?',
        action: 'Yes, cancel order',
        done: orderMessages.cancelled,
      }}
    />
  );
}
