import { formatExpectedOn } from '@proper-parts/domain/backorder-rules';
import type { Order } from '@proper-parts/domain/orders';
import { useNavigate } from 'react-router';
import { StruckListPrice } from '../../../components/struck-list-price';
import { YourNumber } from '../../../components/your-number';
import { api, paths } from '../../../config/paths';
import { formatDateTime, formatDay, formatPieces, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { reorderNotes, useReorder } from '../../cart/api/reorder';

/** An order of several lines: its lines, folded under the name. */
export function OrderLinesDetails({ order }: { order: Order }) {
  if (order.lines.length < 2 && !order.poNumber) return null;
  return (
    <div className="mt-1 text-xs text-base-content/70">
      {order.poNumber && <span className="block">PO {order.poNumber}</span>}
      {order.lines.length > 1 && (
        <details>
          <summary className="cursor-pointer">{order.lines.length} lines</summary>
          <ul className="mt-1 flex flex-col gap-0.5">
            {order.lines.map((line) => (
              <li key={line.lineNo}>
                <span className="font-mono">{line.sku}</span>
                <YourNumber number={line.customerPartNumber} />
                {line.customerPartNumber ? <br /> : ' '}
                {line.name} · {formatPieces(line.quantity)} × {formatPrice(line.unitPrice)}
                <StruckListPrice listPrice={line.listPrice} price={line.unitPrice} />
                {line.backordered ? ` · ${backorderText(line)}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
      {order.lines.length === 1 && order.lines[0]?.backordered ? (
        <p data-testid="order-backorder">{backorderText(order.lines[0])}</p>
      ) : null}
    </div>
  );
}

/**
 * What a company order adds (issue 19): how long it waits for approval, why it was not approved,
 * when its invoice on account is due.
 */
export function OrderApprovalNote({ order }: { order: Order }) {
  if (order.status === 'awaiting_approval' && order.approvalExpiresAt)
    return (
      <span className="block text-xs text-base-content/70">
        Stock held until {formatDateTime(order.approvalExpiresAt)}
      </span>
    );
  if (order.status === 'cancelled' && order.rejectionReason)
    return <span className="block text-xs text-error">Not approved: {order.rejectionReason}</span>;
  if (order.paymentTerms === 'account' && order.dueOn && !order.paid)
    return <span className="block text-xs text-base-content/70">Due {formatDay(order.dueOn)}</span>;
  return null;
}

/** A paid order's invoice (PDF), downloaded with the session's cookie. */
export function InvoiceLink({
  order,
  className = 'link link-primary text-xs',
}: {
  order: Order;
  className?: string;
}) {
  if (!order.invoiceNumber) return null;
  return (
    <a href={api.invoice(order._id)} download className={className}>
      Invoice {order.invoiceNumber}
    </a>
  );
}

/** "Buy again": the order's lines into the cart, with what changed since. */
export function BuyAgainButton({ order }: { order: Order }) {
  const reorder = useReorder();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-outline btn-xs"
      disabled={reorder.isPending}
      onClick={() =>
        reorder.mutate(order._id, {
          onSuccess: (result) => {
            const [first, ...changes] = reorderNotes(result);
            if (changes.length > 0) toast.warning(first, { description: changes.join(' ') });
            else toast.success(first);
            navigate(paths.cart);
          },
          onError: (error) => toast.error(error.message),
        })
      }
    >
      Buy again
    </button>
  );
}

/** Issue 36: "18 pcs on back order, expected 14 Jan". */
const backorderText = (line: { backordered?: number; expectedOn?: string | null }) =>
  `${formatPieces(line.backordered ?? 0)} on back order${line.expectedOn ? `, expected ${formatExpectedOn(line.expectedOn)}` : ''}`;
