import type { Order } from '@proper-parts/domain/orders';
import { StruckListPrice } from '../../../components/struck-list-price';
import { YourNumber } from '../../../components/your-number';
import { formatCount, formatPieces, formatPrice } from '../../../lib/format';
import { CoreDepositLines } from './core-deposit-lines';

/**
 * What an order holds, as the payment page shows it: each line at its own price, the lines and
 * pieces counted, and the total the server charges. (One line's price times every piece of a
 * 30-line order read $8.5k where $20,167.08 was charged.)
 */
export function OrderSummary({ order }: { order: Order }) {
  const [only] = order.lines;
  if (order.lines.length <= 1) {
    const line: Pick<
      Order['lines'][number],
      'name' | 'img' | 'quantity' | 'unitPrice' | 'listPrice'
    > = only ?? {
      name: order.purchaseName,
      img: order.img,
      quantity: order.quantity,
      unitPrice: order.unitPrice,
    };
    return (
      <div className="flex items-center gap-4">
        <img
          src={line.img}
          alt=""
          width={64}
          height={64}
          className="h-16 w-16 rounded object-contain"
        />
        <div className="min-w-0">
          <p className="font-semibold">{line.name}</p>
          <p className="text-sm text-base-content/70">
            {formatPieces(line.quantity)} × {formatPrice(line.unitPrice)}
            <StruckListPrice listPrice={line.listPrice} price={line.unitPrice} />
          </p>
          <CoreDepositLines order={order} />
        </div>
      </div>
    );
  }
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div className="flex flex-col gap-2">
      <p className="font-semibold" data-testid="payment-counts">
        {formatCount(order.lines.length)} lines · {formatPieces(pieces)}
      </p>
      <ul
        aria-label="Order lines"
        className="flex max-h-80 flex-col gap-2 overflow-y-auto pr-1 text-sm"
      >
        {order.lines.map((line) => (
          <li key={line.lineNo} className="flex justify-between gap-3">
            <span className="min-w-0">
              <span className="block break-words">
                <span className="block font-mono">
                  {line.sku}
                  <YourNumber number={line.customerPartNumber} />
                </span>
                {line.name}
              </span>
              <span className="text-base-content/70">
                {formatPieces(line.quantity)} × {formatPrice(line.unitPrice)}
                <StruckListPrice listPrice={line.listPrice} price={line.unitPrice} />
              </span>
            </span>
            <span className="shrink-0 font-medium">{formatPrice(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <CoreDepositLines order={order} />
    </div>
  );
}
