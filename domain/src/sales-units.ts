import { formatCount } from './format.ts';

/**
 * What a product is sold in (issue 35). A quantity counts pieces for `each`, `box` and `pallet`
 * (a box or pallet holds `packSize` pieces, the order multiple), metres for `metre` and kilograms
 * for `kg` (ordered in multiples of `packSize` of them). Zod-free: the cart's entry chunk reads it.
 */
export const SALES_UNITS = ['each', 'box', 'pallet', 'metre', 'kg'] as const;
export type SalesUnit = (typeof SALES_UNITS)[number];

export const isSalesUnit = (value: unknown): value is SalesUnit =>
  SALES_UNITS.includes(value as SalesUnit);

/** What one of a quantity is: "pcs", "m" or "kg" ("12 pcs", "$4.10 per m"). */
export function quantityUnit(unit: SalesUnit, count = 2): string {
  if (unit === 'metre') return 'm';
  if (unit === 'kg') return 'kg';
  return count === 1 ? 'pc' : 'pcs';
}

/** `count` with its unit: "12 pcs", "1 pc", "40 m", "25 kg" (quantities are whole numbers). */
export const countOf = (count: number, unit: SalesUnit) =>
  `${formatCount(count)} ${quantityUnit(unit, count)}`;

/**
 * How the product is sold, for its page and the cart's messages: "Sold in boxes of 10",
 * "Sold in pallets of 500", "Sold in packs of 6", "Sold by the metre, in lengths of 5 m";
 * null for a product sold by the piece or by one metre or kilogram.
 */
export function packPhrase(pack: number, unit: SalesUnit): string | null {
  if (unit === 'box') return `Sold in boxes of ${formatCount(pack)}`;
  if (unit === 'pallet') return `Sold in pallets of ${formatCount(pack)}`;
  if (pack <= 1)
    return unit === 'metre' ? 'Sold by the metre' : unit === 'kg' ? 'Sold by the kg' : null;
  if (unit === 'metre') return `Sold by the metre, in lengths of ${formatCount(pack)} m`;
  if (unit === 'kg') return `Sold by the kg, in multiples of ${formatCount(pack)} kg`;
  return `Sold in packs of ${formatCount(pack)}`;
}

/** "At most 500 pcs per order". */
export const maximumPhrase = (max: number, unit: SalesUnit) =>
  `At most ${countOf(max, unit)} per order`;
