import { formatCount } from './format.ts';
import { MAX_ORDER_QUANTITY, orderMessages } from './orders.ts';
import { maximumPhrase, packPhrase, type SalesUnit } from './sales-units.ts';

/** Quick order's limits and words (issue 18): what the parser, the matcher and the page say. */

/** Lines of one paste or file, blank lines and a header not counted. */
export const MAX_QUICK_ORDER_LINES = 10_000;
/** The longest line read (in characters, after trimming); a longer one is `invalid`. */
export const MAX_QUICK_ORDER_LINE_LENGTH = 200;
/** The whole text, in UTF-8 bytes: 10,000 lines of the longest line, and a little more. */
export const MAX_QUICK_ORDER_TEXT_BYTES = 2 * 1024 * 1024;
/** The longest part number (the catalog's SKU, MPN and cross-reference limit). */
export const MAX_PART_NUMBER_LENGTH = 60;
export const quickOrderMessages = {
  tooManyLines: `A quick order takes at most ${formatCount(MAX_QUICK_ORDER_LINES)} lines: split the list and send the rest after.`,
  tooLarge: `A quick order takes at most ${MAX_QUICK_ORDER_TEXT_BYTES / 1024 / 1024} MB of text.`,
  lineTooLong: `This line is longer than ${MAX_QUICK_ORDER_LINE_LENGTH} characters`,
  tooManyValues: (count: number) =>
    `Expected a part number and a quantity, found ${formatCount(count)} values`,
  ambiguousQuantity: (written: string) =>
    `Is "${written}" one quantity? Write it without the comma (${written.replaceAll(',', '')}), or in quotes`,
  unclosedQuote: 'A quote (") is not closed',
  partMissing: 'Part number missing',
  partTooLong: `A part number has at most ${MAX_PART_NUMBER_LENGTH} characters`,
  notAPartNumber: 'Not a part number',
  quantityNotNumber: 'Quantity is not a number',
  quantityWhole: orderMessages.quantityWhole,
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity must be at most ${formatCount(MAX_ORDER_QUANTITY)}`,
  notFound: 'No part with this number',
  belowMinimum: (minimum: number) => `Minimum ${formatCount(minimum)}`,
  notPack: (pack: number, rounded: number, unit: SalesUnit = 'each') =>
    unit === 'box' || unit === 'pallet'
      ? `Rounded up to ${formatCount(rounded)}: a ${unit} holds ${formatCount(pack)}`
      : `${packPhrase(pack, unit) ?? `Sold in packs of ${formatCount(pack)}`}: ${formatCount(rounded)} makes whole packs`,
  aboveMaximum: (max: number, unit: SalesUnit = 'each') => maximumPhrase(max, unit),
  aboveStock: (available: number) =>
    available === 0 ? 'Out of stock' : `Only ${formatCount(available)} left`,
  superseded: (old: string, replacement: string) => `${old} is replaced by ${replacement}`,
  /** The same product on several lines is judged once, on their total (see the matcher). */
  alsoOn: (lines: number[], total: number) =>
    `Also on ${lines.length === 1 ? 'line' : 'lines'} ${listed(lines)}: ${formatCount(total)} in all`,
} as const;

/** `2`, `2 and 5`, `2, 5 and 9`. */
function listed(lines: number[]): string {
  const shown = lines.map((line) => formatCount(line));
  const last = shown.pop() ?? '';
  return shown.length === 0 ? last : `${shown.join(', ')} and ${last}`;
}
