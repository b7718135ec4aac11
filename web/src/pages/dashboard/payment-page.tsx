import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useOrder } from '../../features/orders/api/get-order';
import { InvoiceLink } from '../../features/orders/components/order-extras';
import { OrderStatusBadge } from '../../features/orders/components/order-status';
import { OrderSummary } from '../../features/orders/components/order-summary';
import {
  freightLabelOf,
  orderTotals,
  TotalsBlock,
} from '../../features/orders/components/order-totals';
import { PaymentCompleted, PaymentPanel } from '../../features/payments/components/payment-panel';
import { formatPrice } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

export function PaymentPage() {
  usePageTitle('Payment');
  const { id = '' } = useParams();
  const { data: order, isPending, isError, error } = useOrder(id);
  // Paid during this visit: the spec's congratulations; an order paid earlier just reads Paid.
  const [paidNow, setPaidNow] = useState<string | null>(null);

  return (
    <section>
      <PageHeader level={2} title="Payment" description="Pay for your order by card." />
      {isPending ? (
        <Spinner text="Loading the order…" />
      ) : isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <article
            aria-labelledby="summary-title"
            className="card border border-base-300 bg-base-100 shadow-sm"
          >
            <div className="card-body gap-3">
              <h3 id="summary-title" className="card-title">
                Order summary
              </h3>
              <OrderSummary order={order} />
              {/* Issue 33: what the total is made of, as the invoice lists it. */}
              <TotalsBlock
                totals={orderTotals(order)}
                freightLabel={freightLabelOf(order)}
                testId="payment-totals"
                className="border-t border-base-300 pt-3"
              />
              {order.status === 'awaiting_freight' && (
                <p role="note" className="alert alert-warning text-sm">
                  The shop is pricing the freight of this order: it can be paid once the freight is
                  entered.
                </p>
              )}
              <dl className="grid grid-cols-2 gap-2 border-t border-base-300 pt-3">
                <dt className="text-base-content/70">To pay</dt>
                <dd className="text-right text-xl font-bold" data-testid="payment-total">
                  {formatPrice(order.price)}
                </dd>
                <dt className="text-base-content/70">Status</dt>
                <dd className="text-right">
                  <OrderStatusBadge status={order.status} />
                </dd>
                <dt className="text-base-content/70">Order id</dt>
                <dd className="break-all text-right font-mono text-xs">{order._id}</dd>
              </dl>
            </div>
          </article>
          <article
            aria-labelledby="card-title"
            className="card h-fit border border-base-300 bg-base-200/60"
          >
            <div className="card-body gap-3">
              <h3 id="card-title" className="card-title">
                Card
              </h3>
              {paidNow || order.paid ? (
                <PaymentCompleted
                  transactionId={paidNow ?? order.transactionId}
                  justNow={paidNow !== null}
                  invoice={<InvoiceLink order={order} className="btn btn-primary" />}
                />
              ) : order.status === 'cancelled' ? (
                <p className="text-base-content/70">This order was cancelled; it cannot be paid.</p>
              ) : order.status === 'awaiting_freight' ? (
                <p className="text-base-content/70">
                  Freight quoted by the shop: this order can be paid once it is priced.
                </p>
              ) : (
                <PaymentPanel order={order} onPaid={setPaidNow} />
              )}
            </div>
          </article>
        </div>
      )}
    </section>
  );
}
