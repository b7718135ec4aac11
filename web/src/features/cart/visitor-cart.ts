import { MAX_VISITOR_CART_LINES, type WantedLine } from '@proper-parts/domain/cart-rules';
import { storedValue } from '../../lib/stored-value';

/**
 * A visitor's cart: product ids and quantities in localStorage, so it survives a reload and
 * needs no account. The server prices it (`POST /cart/preview`) and takes it over on sign-in
 * (`POST /cart/merge`). Zod-free: the navbar's badge reads it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stored = storedValue<WantedLine[]>({
  key: 'proper-parts-cart',
  empty: [],
  isEmpty: (lines) => lines.length === 0,
  // Whatever another tab or an old version wrote: only well-formed lines are kept.
  parse: (parsed) =>
    Array.isArray(parsed)
      ? parsed
          .filter(
            (line): line is WantedLine =>
              typeof line?.productId === 'string' &&
              UUID.test(line.productId) &&
              Number.isSafeInteger(line.quantity) &&
              line.quantity > 0,
          )
          .slice(0, MAX_VISITOR_CART_LINES)
      : [],
});
const write = stored.write;

export const visitorCart = {
  snapshot: stored.snapshot,
  serverSnapshot: stored.serverSnapshot,
  subscribe: stored.subscribe,
  /** Sets a line's quantity; adds the line when it is new. Answers false when the cart is full. */
  set(productId: string, quantity: number): boolean {
    const lines = visitorCart.snapshot();
    const at = lines.findIndex((line) => line.productId === productId);
    if (at === -1 && lines.length >= MAX_VISITOR_CART_LINES) return false;
    write(
      at === -1
        ? [...lines, { productId, quantity }]
        : lines.map((line, i) => (i === at ? { productId, quantity } : line)),
    );
    return true;
  },
  remove(productId: string) {
    write(visitorCart.snapshot().filter((line) => line.productId !== productId));
  },
  clear() {
    write([]);
  },
};
