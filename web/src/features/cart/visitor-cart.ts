import { MAX_VISITOR_CART_LINES, type WantedLine } from '@proper-parts/domain/cart-rules';

/**
 * A visitor's cart: product ids and quantities in localStorage, so it survives a reload and
 * needs no account. The server prices it (`POST /cart/preview`) and takes it over on sign-in
 * (`POST /cart/merge`). Zod-free: the navbar's badge reads it.
 */
const STORAGE_KEY = 'proper-parts-cart';
const listeners = new Set<() => void>();
let cached: WantedLine[] | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function read(): WantedLine[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    // Whatever another tab or an old version wrote: only well-formed lines are kept.
    return parsed
      .filter(
        (line): line is WantedLine =>
          typeof line?.productId === 'string' &&
          UUID.test(line.productId) &&
          Number.isSafeInteger(line.quantity) &&
          line.quantity > 0,
      )
      .slice(0, MAX_VISITOR_CART_LINES);
  } catch {
    return [];
  }
}

function write(lines: WantedLine[]) {
  cached = lines;
  try {
    if (lines.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or disabled: the cart lives as long as the page.
  }
  for (const listener of listeners) listener();
}

const EMPTY: WantedLine[] = [];

export const visitorCart = {
  snapshot(): WantedLine[] {
    if (typeof localStorage === 'undefined') return EMPTY;
    cached ??= read();
    return cached;
  },
  serverSnapshot: (): WantedLine[] => EMPTY,
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY) return;
      cached = read();
      listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
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
