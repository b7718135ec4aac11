import type { Quote } from '@proper-parts/domain/quotes';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/format';

/**
 * What became of an accepted quote's order: it awaits the company's approval, is invoiced on
 * account (due on a day), waits for the card (the requester gets a Pay link), or went on.
 */
export function AcceptedOrder({
  quote,
  mine,
}: {
  quote: Quote & { orderId: string };
  mine: boolean;
}) {
  const order = quote.order;
  const awaiting = order?.status === 'awaiting_approval';
  const payable = order?.status === 'unpaid' && order.paymentTerms === 'card';
  const cancelled = order?.status === 'cancelled';
  return (
    <div
      role="status"
      className={`flex flex-col gap-3 rounded-box border p-4 ${
        cancelled
          ? 'border-base-300 bg-base-200'
          : awaiting
            ? 'border-info/40 bg-info/10'
            : 'border-success/40 bg-success/10'
      }`}
    >
      <p className="font-medium">Accepted: this quote is now an order at the quoted prices.</p>
      {awaiting && (
        <p className="text-sm">
          It is above {mine ? 'your' : 'the buyer’s'} limit and awaits approval by an approver of
          the company; its stock is held meanwhile.
        </p>
      )}
      {!awaiting && !cancelled && order?.paymentTerms === 'account' && (
        <p className="text-sm">
          Invoiced on account{order.invoiceNumber ? ` (invoice ${order.invoiceNumber})` : ''}
          {order.dueOn ? `, due ${formatDay(order.dueOn)}` : ''}.
        </p>
      )}
      {cancelled && <p className="text-sm">Its order was cancelled.</p>}
      {mine && (
        <div className="flex flex-wrap gap-2">
          {payable && (
            <Link to={paths.dashboard.payment(quote.orderId)} className="btn btn-primary btn-sm">
              Pay the order
            </Link>
          )}
          <Link to={paths.dashboard.myOrders} className="btn btn-outline btn-sm">
            My Orders
          </Link>
        </div>
      )}
    </div>
  );
}
