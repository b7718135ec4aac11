import { formatCount } from './format.ts';

/**
 * Issue 36: backorders, zod-free (the cart and the product page's add-to-cart read them in the
 * entry chunk). A product may take backorders: a cart line above the stock on hand ships what is
 * on hand now and the rest when it comes in, from the open quantity of the product's purchase
 * orders (earliest first), and beyond that, when the product has a lead time, that many days
 * after the order. The server applies the same rule under lock at checkout (checkout-statement.ts)
 * and promises each purchase order's pieces at most once.
 */
export interface BackorderTerms {
  allowed: boolean;
  /** Days from the order to the pieces beyond the purchase orders; null: no more than those. */
  leadTimeDays: number | null;
  /** Open (not yet promised) pieces of the product's purchase orders, earliest first. */
  incoming: { quantity: number; expectedOn: string }[];
}

export const NO_BACKORDER: BackorderTerms = { allowed: false, leadTimeDays: null, incoming: [] };

export interface LineSplit {
  /** Pieces shipped from the stock on hand. */
  now: number;
  /** Pieces backordered (0: none). */
  backordered: number;
  /** When the backordered pieces are all expected (YYYY-MM-DD); null when none are. */
  expectedOn: string | null;
}

const DAY_MS = 86_400_000;
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Today as the server counts it (UTC), YYYY-MM-DD. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The most pieces above the stock on hand a line may backorder (Infinity with a lead time). */
export function backorderablePieces(terms: BackorderTerms | undefined): number {
  if (!terms?.allowed) return 0;
  if (terms.leadTimeDays !== null) return Number.POSITIVE_INFINITY;
  return terms.incoming.reduce((sum, po) => sum + po.quantity, 0);
}

/**
 * A line of `quantity` split into what ships now and what is backordered, expected when the last
 * of it comes in; null when the product cannot backorder that many.
 */
export function splitLine(
  quantity: number,
  available: number,
  terms: BackorderTerms | undefined,
  today: string,
): LineSplit | null {
  const now = Math.max(0, Math.min(quantity, available));
  const backordered = quantity - now;
  if (backordered === 0) return { now, backordered: 0, expectedOn: null };
  if (!terms?.allowed) return null;
  let covered = 0;
  let last: string | null = null;
  for (const po of terms.incoming) {
    if (covered >= backordered) break;
    covered += po.quantity;
    last = po.expectedOn;
  }
  if (covered >= backordered) return { now, backordered, expectedOn: last };
  if (terms.leadTimeDays === null) return null;
  const byLead = plusDays(today, terms.leadTimeDays);
  return { now, backordered, expectedOn: last !== null && last > byLead ? last : byLead };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2027-01-14` → "14 Jan" (this year) or "14 Jan 2027" (another year than `today`'s). */
export function formatExpectedOn(day: string, today: string = todayUtc()): string {
  const [year, month, date] = day.split('-');
  const short = `${Number(date)} ${MONTHS[Number(month) - 1] ?? month}`;
  return year === today.slice(0, 4) ? short : `${short} ${year}`;
}

/**
 * The product page's line: "12 in stock, 40 more on 14 Jan", "Out of stock, 40 on 14 Jan",
 * "…, more to order: 10 days". Null when the product takes no backorders.
 */
export function availabilityPhrase(
  available: number,
  terms: BackorderTerms,
  today: string = todayUtc(),
): string | null {
  if (!terms.allowed) return null;
  const parts = [available > 0 ? `${formatCount(available)} in stock` : 'Out of stock'];
  terms.incoming.forEach((po, index) => {
    const more = index === 0 && available > 0 ? ' more' : '';
    parts.push(`${formatCount(po.quantity)}${more} on ${formatExpectedOn(po.expectedOn, today)}`);
  });
  if (terms.leadTimeDays !== null)
    parts.push(
      `${terms.incoming.length > 0 ? 'then ' : ''}more to order in ${terms.leadTimeDays} ${terms.leadTimeDays === 1 ? 'day' : 'days'}`,
    );
  return parts.join(', ');
}

export const backorderMessages = {
  /** The cart's note on a split line. */
  split: (now: number, backordered: number, expectedOn: string, today?: string) =>
    `${formatCount(now)} ships now, ${formatCount(backordered)} backordered, expected ${formatExpectedOn(expectedOn, today)}`,
  notAccepted:
    'Some lines of your cart are above the stock and would be backordered. Nothing was ordered: accept the backorder, or lower those lines, and try again.',
  accept: 'I accept that the backordered pieces ship later, when they come in',
} as const;
