import {
  MAX_QUICK_ORDER_LINE_LENGTH,
  MAX_QUICK_ORDER_LINES,
  MAX_QUICK_ORDER_TEXT_BYTES,
  quickOrderMessages,
} from './quick-order-messages.ts';

/**
 * A quick order's text as lines (issue 18): LF, CRLF and CR all end a line; a BOM is dropped;
 * blank lines and lines of nothing but separators (an empty Excel row, `;;`) are skipped; the
 * first line is skipped when it is a header: a part word and an optional quantity word (`sku,qty`,
 * `Part Number;Quantity`, `Item # <tab> Qty`). Reading each line is quick-order-parse.ts's.
 */

const BOM = '\uFEFF';
const CONTROLS = /\p{Cc}/gu;
const ONLY_SEPARATORS = /^[\s,;"]*$/;
/** How much of a line `input` echoes back. */
const INPUT_SHOWN = 80;

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

export function shown(line: string): string {
  let text = line.length > INPUT_SHOWN ? line.slice(0, INPUT_SHOWN) : line;
  // Do not leave half of a surrogate pair at the cut.
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  text = text.replace(CONTROLS, (c) => (c === '\t' ? ' ' : '\uFFFD'));
  return line.length > INPUT_SHOWN ? `${text}…` : text;
}

/** The text's lines that hold something, with their 1-based numbers, the header left out. */
export function* contentLines(text: string): Generator<{ line: number; text: string }> {
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
