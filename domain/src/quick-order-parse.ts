import { MAX_ORDER_QUANTITY } from './orders.ts';
import {
  MAX_PART_NUMBER_LENGTH,
  MAX_QUICK_ORDER_LINE_LENGTH,
  MAX_QUICK_ORDER_LINES,
  quickOrderMessages,
} from './quick-order-messages.ts';
import { contentLines, shown } from './quick-order-text.ts';

/**
 * Reading one line of a quick order (issue 18): a buyer pastes part numbers with quantities, or
 * uploads a CSV, and each line is matched to a product. Pure: the text's lines come from
 * quick-order-text.ts, the matching is the server's `features/cart/quick-order-match.ts`.
 *
 * - One line is one part. The separator is the first of tab, `;`, `,` that the line holds;
 *   without one, the last word is the quantity when it is a number (`BRG-6204 2RS 10`: part
 *   `BRG-6204 2RS`, 10), otherwise the whole line is the part number (part numbers may hold
 *   spaces), and the line without its last word is kept in case no part has that number
 *   (`BRG6204 abc`: a quantity that is not a number).
 * - CSV quoting works (`"ABC,1","1,000"`); empty cells after the part number are ignored.
 * - A quantity may group thousands with commas (`1,000`) where `,` is not the separator (after a
 *   tab, a `;`, a space, or in quotes); in `ABC,1,000` it is, so that line is refused as
 *   ambiguous rather than read as 1 or as 1000.
 *   A decimal point is refused (`1.000` is 1 in one country and 1000 in another).
 * - No quantity (`ABC-1`, `ABC-1,`) means "the product's minimum order quantity": `quantity` is
 *   null and the matcher fills it in, so a pasted list of bare part numbers can be ordered as is.
 */

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
  /**
   * A line read whole as a part number whose last word was not a number (`BRG6204 abc`): the
   * part number before that word. When no part has the whole number but one has this, the line's
   * quantity is what is wrong (quickOrderMessages.quantityNotNumber), not its part.
   */
  withoutLastWord?: string;
}

const CONTROL = /\p{Cc}/u;
const DIGITS = /^\d+$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+$/;
const SPACE_THEN_GROUPED = /^[^,]*\s\d{1,3}(?:,\d{3})+$/;
const NUMBER_LIKE = /^[-+]?[\d.,]*\d[\d.,]*$/;

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
  let withoutLastWord: string | undefined;
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
    } else {
      part = text;
      const before = cut === -1 ? '' : text.slice(0, cut).trim();
      if (before !== '' && partProblem(before) === null) withoutLastWord = before;
    }
    const unquoted = /^"(.*)"$/.exec(part);
    if (unquoted) part = (unquoted[1] ?? '').replaceAll('""', '"').trim();
  }
  const problem = partProblem(part);
  if (problem) return refuse(problem);
  if (written === undefined)
    return {
      partNumber: part,
      quantity: null,
      problem: null,
      ...(withoutLastWord && { withoutLastWord }),
    };
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
