import { z } from 'zod';
import { vehicleId } from './fitment.ts';
import { formatCount } from './format.ts';
import { MAX_ORDER_QUANTITY, orderMessages } from './orders.ts';

/**
 * Quick order (issue 18): a buyer pastes part numbers with quantities, or uploads a CSV, and each
 * line is matched to a product. Pure: the parse here, the matching in the server's
 * `features/cart/quick-order-match.ts`.
 *
 * How a line is read:
 * - One line is one part. LF, CRLF and CR all end a line; a BOM is dropped; blank lines and
 *   lines of nothing but separators (an empty Excel row, `;;`) are skipped.
 * - The separator is the first of tab, `;`, `,` that the line holds; without one, the last word
 *   is the quantity when it is a number (`BRG-6204 2RS 10`: part `BRG-6204 2RS`, 10), otherwise
 *   the whole line is the part number (part numbers may hold spaces).
 * - CSV quoting works (`"ABC,1","1,000"`); empty cells after the part number are ignored.
 * - A quantity may group thousands with commas (`1,000`) where `,` is not the separator (after a
 *   tab, a `;`, a space, or in quotes); in `ABC,1,000` it is, so that line is refused as
 *   ambiguous rather than read as 1 or as 1000.
 *   A decimal point is refused (`1.000` is 1 in one country and 1000 in another).
 * - No quantity (`ABC-1`, `ABC-1,`) means "the product's minimum order quantity": `quantity` is
 *   null and the matcher fills it in, so a pasted list of bare part numbers can be ordered as is.
 * - The first line is skipped when it is a header: a part word and an optional quantity word
 *   (`sku,qty`, `Part Number;Quantity`, `Item # <tab> Qty`).
 */

export const QUICK_ORDER_STATUSES = [
  'ok',
  'not_found',
  'below_minimum',
  'above_stock',
  'invalid',
] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

/** Lines of one paste or file, blank lines and a header not counted. */
export const MAX_QUICK_ORDER_LINES = 10_000;
/** The longest line read (in characters, after trimming); a longer one is `invalid`. */
export const MAX_QUICK_ORDER_LINE_LENGTH = 200;
/** The whole text, in UTF-8 bytes: 10,000 lines of the longest line, and a little more. */
export const MAX_QUICK_ORDER_TEXT_BYTES = 2 * 1024 * 1024;
/** The longest part number (the catalog's SKU, MPN and cross-reference limit). */
export const MAX_PART_NUMBER_LENGTH = 60;
/** How much of a line `input` echoes back. */
const INPUT_SHOWN = 80;

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
  aboveStock: (available: number) =>
    available === 0 ? 'Out of stock' : `Only ${formatCount(available)} left`,
  /** The same product on several lines is judged on their total (see the matcher). */
  alsoOnLine: (line: number, total: number) =>
    `Also on line ${formatCount(line)}: ${formatCount(total)} in all`,
} as const;

export interface ParsedLine {
  /** 1-based line of the input (blank lines counted). */
  line: number;
  /** The line as typed, trimmed, control characters shown as �, cut at 80 characters. */
  input: string;
  /** Null when the line has a problem. */
  partNumber: string | null;
  /** Null when not given (the product's minimum is meant) or when the line has a problem. */
  quantity: number | null;
  /** Why the line cannot be read; null when it can. */
  problem: string | null;
}

const BOM = '\uFEFF';
const CONTROL = /\p{Cc}/u;
const CONTROLS = /\p{Cc}/gu;
const ONLY_SEPARATORS = /^[\s,;"]*$/;
const DIGITS = /^\d+$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+$/;
const SPACE_THEN_GROUPED = /^[^,]*\s\d{1,3}(?:,\d{3})+$/;
const NUMBER_LIKE = /^[-+]?[\d.,]*\d[\d.,]*$/;

const PART_WORDS = [
  'sku',
  'part',
  'partnumber',
  'partno',
  'pn',
  'mpn',
  'item',
  'itemnumber',
  'itemno',
  'article',
  'articlenumber',
  'product',
  'productcode',
  'code',
  'reference',
  'ref',
];
const QUANTITY_WORDS = ['', 'qty', 'quantity', 'amount', 'count', 'pcs', 'pieces', 'units'];
const HEADERS = new Set(PART_WORDS.flatMap((part) => QUANTITY_WORDS.map((q) => part + q)));

/** A header names its columns in words: no digit, and nothing but a part and a quantity word. */
const isHeader = (line: string) => HEADERS.has(line.toLowerCase().replace(/[^a-z0-9]/g, ''));

function shown(line: string): string {
  let text = line.length > INPUT_SHOWN ? line.slice(0, INPUT_SHOWN) : line;
  // Do not leave half of a surrogate pair at the cut.
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  text = text.replace(CONTROLS, (c) => (c === '\t' ? ' ' : '\uFFFD'));
  return line.length > INPUT_SHOWN ? `${text}…` : text;
}

/** The text's lines that hold something, with their 1-based numbers, the header left out. */
function* contentLines(text: string): Generator<{ line: number; text: string }> {
  const lines = (text.startsWith(BOM) ? text.slice(1) : text).split(/\r\n|\r|\n/);
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const trimmed = (lines[i] ?? '').trim();
    // A long line is never blank nor a header: no need to scan it here.
    if (trimmed.length <= MAX_QUICK_ORDER_LINE_LENGTH) {
      if (ONLY_SEPARATORS.test(trimmed)) continue;
      if (first && isHeader(trimmed)) {
        first = false;
        continue;
      }
    }
    first = false;
    yield { line: i + 1, text: trimmed };
  }
}

/**
 * The first of tab, `;`, `,` that the line holds outside quotes (null for none), and whether a
 * quote is left open. A quote opens a cell only at its start, as in CSV.
 */
function scanLine(line: string): { separator: string | null; open: boolean } {
  let tab = false;
  let semicolon = false;
  let comma = false;
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"' && atStart) quoted = true;
    else if (c === '\t' || c === ';' || c === ',') {
      if (c === '\t') tab = true;
      else if (c === ';') semicolon = true;
      else comma = true;
      atStart = true;
    } else atStart = c === ' ';
  }
  const separator = tab ? '\t' : semicolon ? ';' : comma ? ',' : null;
  // `ABC 1,000`: a quantity with thousands after a space, not two comma-separated values.
  if (separator === ',' && SPACE_THEN_GROUPED.test(line)) return { separator: null, open: quoted };
  return { separator, open: quoted };
}

/** Cells of a line split at `separator`, CSV quotes honoured (scanLine saw them closed). */
function splitCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === separator) {
      cells.push(cell.trim());
      cell = '';
      atStart = true;
    } else if (c === '"' && atStart && cell.trim() === '') {
      quoted = true;
      cell = '';
      atStart = false;
    } else {
      cell += c;
      if (c !== ' ') atStart = false;
    }
  }
  cells.push(cell.trim());
  // Empty cells after the part number are skipped: `ABC,,5`, an empty Excel column.
  return cells.filter((cell, i) => i === 0 || cell !== '');
}

function readQuantity(cell: string): { quantity: number } | { problem: string } {
  const digits = DIGITS.test(cell) ? cell : GROUPED.test(cell) ? cell.replaceAll(',', '') : null;
  if (digits === null) {
    if (/^-\d/.test(cell) || /^0*[.,]?0*$/.test(cell))
      return { problem: quickOrderMessages.quantityMin };
    if (/^\d*[.,]\d+$/.test(cell)) return { problem: quickOrderMessages.quantityWhole };
    return { problem: quickOrderMessages.quantityNotNumber };
  }
  const quantity = Number(digits);
  if (quantity < 1) return { problem: quickOrderMessages.quantityMin };
  if (quantity > MAX_ORDER_QUANTITY) return { problem: quickOrderMessages.quantityMax };
  return { quantity };
}

function partProblem(part: string): string | null {
  if (part === '') return quickOrderMessages.partMissing;
  if (part.length > MAX_PART_NUMBER_LENGTH) return quickOrderMessages.partTooLong;
  if (CONTROL.test(part) || !/[A-Za-z0-9]/.test(part)) return quickOrderMessages.notAPartNumber;
  return null;
}

/** One trimmed, non-blank line of at most MAX_QUICK_ORDER_LINE_LENGTH characters. */
function parseLine(text: string): Omit<ParsedLine, 'line' | 'input'> {
  const refuse = (problem: string) => ({ partNumber: null, quantity: null, problem });
  const { separator, open } = scanLine(text);
  if (open) return refuse(quickOrderMessages.unclosedQuote);
  let part: string;
  let written: string | undefined;
  if (separator) {
    const cells = splitCells(text, separator);
    if (cells.length > 2) {
      const rest = cells.slice(1).join(',');
      return refuse(
        separator === ',' && GROUPED.test(rest)
          ? quickOrderMessages.ambiguousQuantity(rest)
          : quickOrderMessages.tooManyValues(cells.length),
      );
    }
    part = cells[0] ?? '';
    written = cells[1] || undefined;
  } else {
    const cut = text.search(/\s\S*$/);
    const last = cut === -1 ? '' : text.slice(cut).trim();
    if (cut !== -1 && NUMBER_LIKE.test(last)) {
      part = text.slice(0, cut).trim();
      written = last;
    } else part = text;
    const unquoted = /^"(.*)"$/.exec(part);
    if (unquoted) part = (unquoted[1] ?? '').replaceAll('""', '"').trim();
  }
  const problem = partProblem(part);
  if (problem) return refuse(problem);
  if (written === undefined) return { partNumber: part, quantity: null, problem: null };
  const read = readQuantity(written);
  if ('problem' in read) return refuse(read.problem);
  return { partNumber: part, quantity: read.quantity, problem: null };
}

/**
 * The lines of a paste or a CSV file, in order, blank lines and a header left out. A line that
 * cannot be read comes back with its `problem`. Linear in the text's length. Throws a RangeError
 * (quickOrderMessages.tooManyLines) past MAX_QUICK_ORDER_LINES lines: `quickOrderRequest`
 * refuses such a text first.
 */
export function parseQuickOrder(text: string): ParsedLine[] {
  const parsed: ParsedLine[] = [];
  for (const { line, text: trimmed } of contentLines(text)) {
    if (parsed.length === MAX_QUICK_ORDER_LINES)
      throw new RangeError(quickOrderMessages.tooManyLines);
    const input = shown(trimmed);
    if (trimmed.length > MAX_QUICK_ORDER_LINE_LENGTH)
      parsed.push({
        line,
        input,
        partNumber: null,
        quantity: null,
        problem: quickOrderMessages.lineTooLong,
      });
    else parsed.push({ line, input, ...parseLine(trimmed) });
  }
  return parsed;
}

/** UTF-8 bytes of a string, without building them. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Why a quick order's text is refused as a whole (too large, too many lines); else null. */
export function quickOrderTextProblem(text: string): string | null {
  if (text.length > MAX_QUICK_ORDER_TEXT_BYTES || utf8Length(text) > MAX_QUICK_ORDER_TEXT_BYTES)
    return quickOrderMessages.tooLarge;
  let count = 0;
  for (const _ of contentLines(text))
    if (++count > MAX_QUICK_ORDER_LINES) return quickOrderMessages.tooManyLines;
  return null;
}

/** `POST /cart/quick-order`: the pasted text or the CSV file's content; `add` puts the ok lines in the cart. */
export const quickOrderRequest = z.object({
  text: z.string().superRefine((text, context) => {
    const problem = quickOrderTextProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  add: z.boolean().default(false),
  /** A vehicle's id (issue 20): each matched line then says whether its part fits it (`fits`). */
  vehicle: vehicleId.optional(),
});
export type QuickOrderRequest = z.infer<typeof quickOrderRequest>;

export const quickOrderSuggestion = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
});
export type QuickOrderSuggestion = z.infer<typeof quickOrderSuggestion>;

export const quickOrderLine = z.object({
  line: z.number().int(),
  input: z.string(),
  status: z.enum(QUICK_ORDER_STATUSES),
  /** The matched product: null when not found or invalid. */
  productId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  /** As typed; for a matched line without one, the product's minimum order quantity. */
  quantity: z.number().int().nullable(),
  /** What is wrong, or what to know (the same part on another line); null when nothing. */
  message: z.string().nullable(),
  /** For `not_found`: up to 3 products with a similar number ("did you mean"). */
  suggestions: z.array(quickOrderSuggestion),
  /** The matched product's minimum (what `below_minimum` offers to round up to); else null. */
  minimumOrderQuantity: z.number().int().nullable(),
  /** The matched product's stock (the most `above_stock` can ask for); else null. */
  availableQuantity: z.number().int().nullable(),
  /**
   * Asked with `vehicle` (issue 20): whether the matched part fits it; null when the part has no
   * fitment data (not a vehicle part) or the line matched nothing. Absent without `vehicle`.
   */
  fits: z.boolean().nullable().optional(),
});
export type QuickOrderLine = z.infer<typeof quickOrderLine>;

export const quickOrderResult = z.object({ lines: z.array(quickOrderLine) });
export type QuickOrderResult = z.infer<typeof quickOrderResult>;
