import type { Readable } from 'node:stream';
import {
  type ImportRejection,
  MAX_CSV_LINE_BYTES,
  MAX_REPORTED_REJECTIONS,
} from '@proper-parts/domain/csv-import';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../errors.ts';
import { csvCellRead } from '../http/csv-download.ts';
import { textProblem } from '../plugins/input-guard.ts';
import { LineFingerprints } from './line-fingerprints.ts';

/** Where an import stopped before the end of its file, and why (a line it cannot read past). */
export interface CsvStop {
  line: number;
  message: string;
}

/** At most this much of the file is parsed ahead of what is applied, however large its chunks. */
const SLICE_BYTES = 64 * 1024;

/**
 * Reads an uploaded CSV as a stream, for the imports (catalog, fitment). Each record goes to
 * `take` as the parser makes it (`on_record`, synchronously within each write, so that none
 * parsed before an unreadable line is lost with the stream's error); `take` queues it, or throws
 * an `AppError` to refuse the whole file (its header). After each slice of input, `drain` applies
 * what is queued (full batches), and the next slice waits for it: backpressure, so memory stays
 * flat whatever the file's size. At the end, `drain(true)` applies the rest.
 *
 * Answers null when the whole file was read, or where the CSV reader stopped: after a line it
 * cannot read (too long, an open quote), it cannot find where the next one starts. The lines
 * before it stay taken.
 */
export async function readCsv(
  input: Readable,
  take: (record: string[], line: number) => void,
  drain: (last: boolean) => Promise<void>,
  onBytes: (bytes: number) => void = () => {},
): Promise<CsvStop | null> {
  let failure: unknown;
  let refused: unknown;
  let lastLine = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_CSV_LINE_BYTES,
    on_record: (record: string[], context: { lines: number }) => {
      if (refused === undefined) {
        lastLine = context.lines;
        try {
          take(record, context.lines);
        } catch (error) {
          refused = error;
        }
      }
      return null;
    },
  });
  parser.on('error', (error) => {
    failure ??= error;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => resolve());
  });
  parser.resume();

  reading: for await (const chunk of input) {
    const bytes = chunk as Buffer;
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      const slice = bytes.subarray(at, at + SLICE_BYTES);
      onBytes(slice.length);
      parser.write(slice);
      if (refused !== undefined) throw refused;
      if (failure) break reading;
      await drain(false);
    }
  }
  if (!failure) parser.end();
  await ended;
  if (refused !== undefined) throw refused;
  await drain(true);
  if (!failure) return null;
  // Every reading error of the parser's own is a CsvError, whatever its code: most codes start
  // with CSV_, but not all (INVALID_OPENING_QUOTE, which a binary file gives).
  if (!(failure instanceof CsvError)) throw failure;
  const { code, lines } = failure as CsvError & { lines?: number };
  const line = lines ?? lastLine + 1;
  return {
    line,
    message:
      code === 'CSV_MAX_RECORD_SIZE'
        ? `Line ${line} is longer than ${MAX_CSV_LINE_BYTES / 1024} KB: the import stopped there`
        : `Line ${line} is not CSV we can read (${(failure as Error).message}): the import stopped there`,
  };
}

/**
 * The header of an import's file: its columns by name, in any order; a column the import does
 * not know, one given twice or a required one missing refuses the file with a 400 naming it.
 */
export function readCsvHeader<Column extends string>(
  record: string[],
  known: readonly Column[],
  required: readonly Column[],
): Column[] {
  const columns = record.map((cell) => cell.trim());
  const unknown = columns.filter((column) => !known.includes(column as Column));
  if (unknown.length > 0)
    throw new AppError(
      'INVALID',
      `Unknown column ${unknown
        .slice(0, 3)
        .map((c) => `"${c.slice(0, 40)}"`)
        .join(', ')}: the columns are ${known.join(', ')}`,
    );
  const twice = columns.find((column, i) => columns.indexOf(column) !== i);
  if (twice) throw new AppError('INVALID', `The column ${twice} is in the header twice`);
  const missing = required.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new AppError('INVALID', `The header needs the columns ${missing.join(' and ')}`);
  return columns as Column[];
}

/**
 * Counts a refused line in `report`, listing the MAX_REPORTED_REJECTIONS lowest-numbered of them
 * in line order. Lines are refused out of order: a bad cell as it is read, a line of a batch when
 * the batch is applied (after the cells of later lines were read), a line whose write failed after
 * the rest of its batch.
 */
export function rejectorOf(report: { rejected: number; rejections: ImportRejection[] }) {
  const listed = report.rejections;
  return (line: number, reason: string) => {
    report.rejected++;
    let at = listed.length;
    while (at > 0 && (listed[at - 1] as ImportRejection).line > line) at--;
    if (at >= MAX_REPORTED_REJECTIONS) return;
    listed.splice(at, 0, { line, reason });
    if (listed.length > MAX_REPORTED_REJECTIONS) listed.pop();
  };
}

/**
 * The cells of a record by column name, or why its cell count does not fit the header. A cell our
 * export kept from running as a formula (`'=…`) reads back as it was stored.
 */
export function cellsOf<Column extends string>(
  header: readonly Column[],
  record: string[],
): Partial<Record<Column, string>> | string {
  if (record.length !== header.length)
    return `has ${record.length} cells; the header has ${header.length}`;
  return Object.fromEntries(
    header.map((column, i) => [column, csvCellRead(record[i] ?? '')]),
  ) as Partial<Record<Column, string>>;
}

/** A line of an import, parsed and checked, with its number in the file. */
export interface CsvLine<Row> {
  line: number;
  row: Row;
}

interface BatchedImport<Column extends string, Row> {
  columns: readonly Column[];
  required: readonly Column[];
  /** Reads a line's cells by column name into a row, or says why it cannot. */
  parse: (cells: Partial<Record<Column, string>>) => { row: Row } | { problem: string };
  /** Lines applied together (one statement or transaction each). */
  batchLines: number;
  /** Applies a batch; refused lines go to `reject`. */
  apply: (lines: CsvLine<Row>[]) => Promise<void>;
  /** A line refused before its batch (a cell, a duplicate in the file). */
  reject: (line: number, reason: string) => void;
  /**
   * What a line sets, which one file may set once (a SKU; a SKU and a warehouse): `key` names it
   * (compared as written: lower-case it for case-blind keys), `again` says why a second line is
   * refused. The first lines are kept as fingerprints (csv/line-fingerprints.ts): a Map of the keys
   * held 136 MB of the server's 192 MB heap for a stock file of 10^6 lines.
   */
  once?: { key: (row: Row) => string; again: (row: Row, firstLine: number) => string };
  /** After each batch: how many lines are done and how many bytes were read for them. */
  onProgress?: (done: { lines: number; bytes: number }) => void;
}

/**
 * The whole reading side of an import (catalog, fitment): the header, each line's cells, parsed,
 * queued and applied `batchLines` at a time with progress after each batch. Answers why it
 * stopped before the end of the file (that line is refused too), or null. A file without a
 * header is refused with a 400.
 */
export async function readCsvInBatches<Column extends string, Row>(
  input: Readable,
  {
    columns,
    required,
    parse,
    batchLines,
    apply,
    reject,
    once,
    onProgress,
  }: BatchedImport<Column, Row>,
): Promise<string | null> {
  let header: Column[] | undefined;
  const firstLines = new LineFingerprints();
  const batch: CsvLine<Row>[] = [];
  let linesDone = 0;
  let bytesRead = 0;
  /** Applies the queued lines a batch at a time: full batches only, or every last one. */
  const flush = async (last: boolean) => {
    while (batch.length >= batchLines || (last && batch.length > 0)) {
      const lines = batch.splice(0, batchLines);
      await apply(lines);
      linesDone += lines.length;
      onProgress?.({ lines: linesDone, bytes: bytesRead });
    }
  };
  /** One record: the header, or a line checked and queued for the next batch. */
  const take = (record: string[], line: number) => {
    if (!header) {
      header = readCsvHeader(record, columns, required);
      return;
    }
    const cells = cellsOf(header, record);
    if (typeof cells === 'string') return reject(line, cells);
    // Said as the JSON routes say it: PostgreSQL would refuse the line as "could not be saved".
    for (const [column, cell] of Object.entries(cells)) {
      const unusable = textProblem(String(cell), column);
      if (unusable) return reject(line, unusable);
    }
    const parsed = parse(cells);
    if ('problem' in parsed) return reject(line, parsed.problem);
    const first = once && firstLines.firstOf(once.key(parsed.row), line);
    if (once && first !== undefined) return reject(line, once.again(parsed.row, first));
    batch.push({ line, row: parsed.row });
  };
  const stop = await readCsv(input, take, flush, (bytes) => {
    bytesRead += bytes;
  });
  if (stop) reject(stop.line, stop.message);
  if (!header) throw new AppError('INVALID', 'The file is empty: it needs a header line');
  return stop?.message ?? null;
}

/** A zod schema's verdict on a line's cells, as `readCsvInBatches` takes it. */
export const parsedBy =
  <Row>(schema: {
    safeParse(
      cells: unknown,
    ): { success: true; data: Row } | { success: false; error: { issues: { message: string }[] } };
  }) =>
  (cells: unknown): { row: Row } | { problem: string } => {
    const parsed = schema.safeParse(cells);
    return parsed.success
      ? { row: parsed.data }
      : { problem: parsed.error.issues.map((issue) => issue.message).join('; ') };
  };
