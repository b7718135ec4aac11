const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  trailingZeroDisplay: 'stripIfInteger',
});
const count = new Intl.NumberFormat('en-US');

/** Dollars as the shop shows them: `$1,250`, `$12.50`. */
export const formatPrice = (dollars: number) => usd.format(dollars);

/** A unit price: `$30 per pc`. */
export const formatUnitPrice = (dollars: number) => `${formatPrice(dollars)} per pc`;

/**
 * Pieces with thousands separators: `45,000 pcs`. The non-breaking space keeps the number and
 * its unit on one line.
 */
export const formatPieces = (pieces: number) => `${count.format(pieces)}\u00a0pcs`;
