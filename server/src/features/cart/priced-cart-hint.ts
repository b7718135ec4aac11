import type { TaxBuyer } from '../tax/tax-calculator.ts';
import type { PricedLine } from './priced-line.ts';

/**
 * The cart each buyer last saw priced (GET /cart, a cart write's answer, a quote), kept so that a
 * taxed checkout can price it for tax and freight without reading it again first (issue 33: that
 * read was most of the taxed checkout's extra CPU, bench checkout).
 *
 * With it, the tax facts of the buyer's company (its tax id and exemption certificate) as a quote
 * or a checkout last read them; a buyer of no company has none.
 *
 * Only hints: the checkout's statement takes the pricing made from them only if the lines it
 * locks are these (products, quantities, unit prices, deposits, weights) and the buyer's company
 * and its tax facts are still these; else the cart is read and priced again (checkout.ts). So a
 * hint that is stale, made in a transaction rolled back, or made by another process's write never
 * reaches an order; it only costs that second pricing.
 */
export interface PricedCartHint {
  lines: (PricedLine & { live: boolean })[];
  /** The buyer's company when the cart was read; null for a buyer of none. */
  companyId: string | null;
}

/** Buyers kept (the least recently priced go first): 20 lines each, ~4 KB. */
const MOST = 2_000;
/** Older hints are not used: the cart has likely changed since. */
const FRESH_MS = 30 * 60_000;

const hints = new Map<string, { hint: PricedCartHint; at: number }>();
const facts = new Map<string, TaxBuyer>();

/** Keeps `value` as the newest of `kept`, dropping the oldest beyond MOST. */
function keep<T>(kept: Map<string, T>, key: string, value: T) {
  kept.delete(key);
  kept.set(key, value);
  if (kept.size > MOST) kept.delete(kept.keys().next().value as string);
}

/** Notes `userId`'s cart as just read priced (cart-repository.ts `readPricedRows`). */
export function rememberPricedCart(
  userId: string,
  rows: readonly (PricedLine & { live: boolean; companyId?: string | null })[],
) {
  if (rows.length === 0) {
    hints.delete(userId);
    return;
  }
  // As the pricing takes them: the driver's rows may carry numbers as strings.
  const lines = rows.map(({ productId, quantity, unitCents, weightGrams, depositCents, live }) => ({
    productId,
    quantity,
    unitCents: Number(unitCents),
    weightGrams: Number(weightGrams),
    depositCents: Number(depositCents ?? 0),
    live,
  }));
  keep(hints, userId, { hint: { lines, companyId: rows[0]?.companyId ?? null }, at: Date.now() });
}

/** The cart `userId` last saw priced, if recent. */
export function pricedCartHint(userId: string): PricedCartHint | undefined {
  const kept = hints.get(userId);
  if (!kept) return undefined;
  if (Date.now() - kept.at > FRESH_MS) {
    hints.delete(userId);
    return undefined;
  }
  return kept.hint;
}

/** Notes a company's tax facts as just read (a quote's or a checkout's read). */
export function rememberTaxFacts(companyId: string, taxBuyer: TaxBuyer) {
  keep(facts, companyId, taxBuyer);
}

/** The tax facts the buyer of `companyId` (null: of none) would be priced with, if known. */
export function taxFactsOf(companyId: string | null): TaxBuyer | undefined {
  return companyId === null ? { taxId: '', exemption: null } : facts.get(companyId);
}

/** The cart was placed (or emptied): nothing of it is worth pricing again. */
export function forgetPricedCart(userId: string) {
  hints.delete(userId);
}
