import type { Cart, CartQuote } from '@proper-parts/domain/cart';
import { formatPieces, formatPrice } from '../../../lib/format';
import { CartDepositNote } from '../../orders/components/core-deposit-lines';
import { PricedTotals } from './priced-totals';

/**
 * Checkout's order summary: the cart's lines and, once the address is priced (issue 33), the
 * subtotal, freight, each tax and the total the order will be charged; before that, the
 * subtotal and a word on what comes.
 */
export function CheckoutSummary({
  cart,
  quote,
  stale,
}: {
  cart: Cart;
  quote: CartQuote | undefined;
  /** The quote shown is for an earlier address or method: being priced again. */
  stale: boolean;
}) {
  return (
    <aside
      aria-labelledby="order-summary"
      className="min-w-0 self-start rounded-box bg-base-200 p-5"
    >
      <h2 id="order-summary" className="mb-3 text-lg font-bold">
        Order summary
      </h2>
      <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto text-sm">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-3">
            <span className="min-w-0">
              <span className="block truncate">{line.name}</span>
              <span className="text-base-content/70">
                {formatPieces(line.quantity)} × {formatPrice(line.unitPrice)}
              </span>
              <CartDepositNote deposit={line.coreDeposit} returnDays={line.coreReturnDays} />
              {line.problem && <span className="block text-error">{line.problem}</span>}
            </span>
            <span className="font-medium">{formatPrice(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-base-300 pt-3">
        <PricedTotals quote={quote} stale={stale} subtotal={cart.total} />
      </div>
    </aside>
  );
}
