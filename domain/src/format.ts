/**
 * The shop's one way of writing amounts and quantities, in the UI, in messages and in mails
 * (issue 15: the same quantity read "45,000 pcs" on a card and "45000" in toasts and mails).
 * Zod-free: the home page's cards import it.
 */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  trailingZeroDisplay: 'stripIfInteger',
});
const count = new Intl.NumberFormat('en-US');

/** Dollars: `$1,250`, `$12.50`. */
export const formatPrice = (dollars: number) => usd.format(dollars);

/** A count with thousands separators: `45,000`. */
export const formatCount = (n: number) => count.format(n);

/**
 * Pieces with thousands separators: `45,000 pcs`. The non-breaking space keeps the number and
 * its unit on one line.
 */
export const formatPieces = (pieces: number) => `${count.format(pieces)}\u00a0pcs`;
