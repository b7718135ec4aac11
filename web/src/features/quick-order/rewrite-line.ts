import { parseQuickOrder } from '@proper-parts/domain/quick-order-parse';

const LINE_BREAK = /\r\n|\r|\n/;

/** The separator a line already uses (tab, `;`, `,`), so a rewritten line reads like its neighbours. */
function separatorOf(line: string) {
  return ['\t', ';', ','].find((separator) => line.includes(separator)) ?? ' ';
}

/** A part number as a cell: quoted (CSV style) when it holds a separator or a quote. */
function cell(part: string, separator: string) {
  return part.includes(separator) || /[\t;,"]/.test(part)
    ? `"${part.replaceAll('"', '""')}"`
    : part;
}

/**
 * `text` with its 1-based `line` (blank lines counted, as the server numbers them) written again
 * with another part number or quantity; the rest of the text is left as it was.
 */
export function rewriteLine(
  text: string,
  line: number,
  change: { partNumber?: string; quantity?: number },
): string {
  const breaks = text.match(new RegExp(LINE_BREAK, 'g')) ?? [];
  const lines = text.split(LINE_BREAK);
  const current = lines[line - 1];
  if (current === undefined) return text;
  const [parsed] = parseQuickOrder(current);
  const partNumber = change.partNumber ?? parsed?.partNumber ?? current.trim();
  const quantity = change.quantity ?? parsed?.quantity ?? null;
  const separator = separatorOf(current.trim());
  lines[line - 1] =
    quantity === null
      ? cell(partNumber, separator)
      : `${cell(partNumber, separator)}${separator}${quantity}`;
  return lines.map((each, i) => each + (breaks[i] ?? '')).join('');
}
