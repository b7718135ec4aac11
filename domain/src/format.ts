/**
 * The shop's one way of writing amounts and quantities, in the UI, in messages and in mails
 * (issue 15: the same quantity read "45,000 pcs" on a card and "45000" in toasts and mails).
 * Zod-free: the home page's cards import it.
 *
 * Written out rather than with Intl.NumberFormat, to the same output for en-US: a page's first
 * Intl formatter loads the browser's locale data, one task of 40-250 ms on this project's
 * machines (Lighthouse's TBT on the home page, issue 17). Numbers of 10^21 and more are not
 * expected (prices and quantities have their maximums in domain/).
 */

/**
 * `1234567.5` with 2 digits → `1,234,567.50`: en-US grouping, rounded half away from zero on the
 * number's shortest decimal form, as Intl does (0.015 → 0.02, where toFixed gives 0.01).
 */
function grouped(n: number, fractionDigits: number) {
  const abs = Math.abs(n);
  const decimal = String(abs);
  let [whole = '', fraction = ''] = (
    decimal.includes('e') ? abs.toFixed(fractionDigits) : decimal
  ).split('.');
  if (fraction.length > fractionDigits) {
    const up = fraction.charCodeAt(fractionDigits) >= 53; // '5'
    const digits = whole + fraction.slice(0, fractionDigits);
    const rounded = up ? String(BigInt(digits) + 1n).padStart(digits.length, '0') : digits;
    whole = rounded.slice(0, rounded.length - fractionDigits) || '0';
    fraction = rounded.slice(rounded.length - fractionDigits);
  }
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return {
    sign,
    whole: whole.replace(/\B(?=(\d{3})+$)/g, ','),
    fraction: fraction.padEnd(fractionDigits, '0'),
  };
}

/** Dollars: `$1,250`, `$12.50`. */
export function formatPrice(dollars: number) {
  const { sign, whole, fraction } = grouped(dollars, 2);
  return `${sign}$${whole}${/^0*$/.test(fraction) ? '' : `.${fraction}`}`;
}

/** A count with thousands separators: `45,000` (up to 3 decimals, as Intl's default). */
export function formatCount(n: number) {
  const { sign, whole, fraction } = grouped(n, 3);
  const decimals = fraction.replace(/0+$/, '');
  return `${sign}${whole}${decimals ? `.${decimals}` : ''}`;
}

/**
 * Pieces with thousands separators: `45,000 pcs`. The non-breaking space keeps the number and
 * its unit on one line.
 */
export const formatPieces = (pieces: number) => `${formatCount(pieces)}\u00a0pcs`;
