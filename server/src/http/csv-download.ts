import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** What a spreadsheet runs as a formula: a cell starting with `=`, `+`, `-`, `@`, a tab or a CR. */
const FORMULA = /^'*[=+\-@\t\r]/;
/** A plain number ("-12.50") is no formula: it stays a number in the spreadsheet. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * Every text cell of every CSV the shop writes (csvStream passes each through it): text anyone
 * typed (a product name, an MPN, a PO number, a fitment note) can start with `=`, `+`, `-` or `@`,
 * and a spreadsheet would run it as a formula. A leading apostrophe keeps it text (OWASP CSV
 * injection). Text that already starts with apostrophes before such a sign gets one more, so
 * `csvCellRead` gives back exactly what was written: an exported file imports back unchanged.
 */
export const csvCell = (value: unknown): unknown => {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return FORMULA.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
};

/** The imports' inverse of csvCell: one apostrophe before a formula sign is taken off. */
export const csvCellRead = (cell: string) => (/^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export const csvDollars = (cents: number | string) => (Number(cents) / 100).toFixed(2);

/**
 * Rows as CSV, read as they are written: `rows` yields them batch by batch (keyset reads), so a
 * million rows never sit in memory at once; each cell goes through csvCell. A failed read ends
 * the download with an error (a cut file), never a file that looks whole.
 */
export function csvStream(columns: readonly string[], rows: AsyncIterable<unknown[]>): Readable {
  async function* neutralised() {
    for await (const row of rows) yield row.map(csvCell);
  }
  const csv = stringify({ header: true, columns: [...columns] });
  pipeline(Readable.from(neutralised()), csv, () => {});
  return csv;
}

/** Sends a CSV download that no cache keeps. */
export function sendCsv(reply: FastifyReply, filename: string, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
