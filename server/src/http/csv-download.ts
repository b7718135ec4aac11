import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * Text a buyer typed (a name, a PO number, a note) can start with `=`, `+`, `-` or `@`: a
 * spreadsheet would run it as a formula. A leading apostrophe keeps it text (OWASP CSV injection).
 */
export const csvCell = (text: string | null | undefined) => {
  const value = text ?? '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
};

export const csvDollars = (cents: number | string) => (Number(cents) / 100).toFixed(2);

/**
 * Rows as CSV, read as they are written: `rows` yields them batch by batch (keyset reads), so a
 * million rows never sit in memory at once. A failed read ends the download with an error (a cut
 * file), never a file that looks whole.
 */
export function csvStream(columns: readonly string[], rows: AsyncIterable<unknown[]>): Readable {
  const csv = stringify({ header: true, columns: [...columns] });
  pipeline(Readable.from(rows), csv, () => {});
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
