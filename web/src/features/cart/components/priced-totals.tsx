import type { CartQuote } from '@proper-parts/domain/cart';
import { formatPrice } from '../../../lib/format';
import { TotalsBlock } from '../../orders/components/order-totals';

/**
 * Issue 33: what an order will be charged once its address is priced (a cart's quote at
 * checkout, a quote's price at its acceptance): subtotal, freight by the method, each tax and the
 * total, and a plain word when the shop quotes the freight; before that, the subtotal and a word
 * on what comes.
 */
export function PricedTotals({
  quote,
  stale,
  subtotal,
  testId = 'checkout',
}: {
  quote: CartQuote | undefined;
  /** The price shown is for an earlier address or method: being priced again. */
  stale: boolean;
  /** Shown before the address is priced. */
  subtotal: number;
  testId?: string;
}) {
  const method = quote?.shippingMethods.find((m) => m.code === quote.shippingMethod);
  return (
    <div aria-live="polite" aria-busy={stale}>
      {quote ? (
        <>
          <TotalsBlock
            totals={quote}
            freightLabel={method ? `Freight (${method.name})` : 'Freight'}
            testId={testId}
            className={stale ? 'opacity-60' : ''}
          />
          {quote.freight === null && (
            <p
              role="note"
              className="alert alert-warning mt-3 text-sm"
              data-testid="freight-quoted"
            >
              The shop quotes the freight of this order: it is placed now and priced by the shop,
              and it can be paid only once the freight is entered (My Orders shows it).
            </p>
          )}
        </>
      ) : (
        <>
          <p className="flex justify-between text-lg font-bold">
            <span>Subtotal</span>
            <span data-testid={`${testId}-subtotal`}>{formatPrice(subtotal)}</span>
          </p>
          <p className="mt-1 text-xs text-base-content/70">
            Freight and tax are computed for the address you ship to.
          </p>
        </>
      )}
    </div>
  );
}
