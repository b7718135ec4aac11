import { PassThrough, type Readable } from 'node:stream';
import { MAX_CSV_FILE_BYTES } from '@proper-parts/domain/csv-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';

/** Asked for by `Accept`, an import answers its progress as it goes, one JSON line at a time. */
const NDJSON = 'application/x-ndjson';

/** `@fastify/multipart`'s limits for a CSV import's scope: one file, nothing else. */
export const csvUploadLimits = {
  limits: { fileSize: MAX_CSV_FILE_BYTES, files: 1, fields: 0, parts: 1 },
};

export type ImportProgress = (done: { lines: number; bytes: number }) => void;

type Writer = { execute: Database['execute'] };

/** Told of each batch an import commits: within its transaction where the import has one. */
export type ImportCommitted<Report> = (writer: Writer, report: Report) => Promise<void>;

/**
 * What records an import while it runs (its audit entry, features/audit/import-entry.ts): opened
 * when the file comes, told of each batch committed, closed when the import ends.
 */
export interface ImportRecord<Report> {
  committed: ImportCommitted<Report>;
  /** Read to the end, or cut (`stopped`: why). */
  ended(report: Report, stopped: string | null): Promise<void>;
  /** Failed or refused before its end: what it had committed stays, with why. */
  failed(reason: string): Promise<void>;
}

interface CsvImport<Report extends { stopped: string | null }> {
  /** Reads the uploaded file as a stream and applies it, telling `committed` of each batch. */
  run: (
    file: Readable,
    onProgress: ImportProgress | undefined,
    committed: ImportCommitted<Report>,
  ) => Promise<Report>;
  /** What was applied before the size limit cut the file: "3 created, 2 updated". */
  applied: (report: Report) => string;
  /** Names the import in the log: "catalog import". */
  name: string;
  /** Opens the import's record (its audit entry) for the file, before its first line is read. */
  record: (filename: string) => Promise<ImportRecord<Report>>;
}

/**
 * A CSV import's answer (`POST /catalog/import`, `POST /fitment/import`): the file comes as the
 * multipart field `file`. Its report is the answer's envelope; or, asked for with
 * `Accept: application/x-ndjson` (the admin page's progress bar), a line `{progress}` per batch
 * applied, then the envelope as the last line (its status is in it: the 200 went out with the
 * first line).
 */
export async function answerCsvImport<Report extends { stopped: string | null }>(
  request: FastifyRequest,
  reply: FastifyReply,
  { run, applied, name, record }: CsvImport<Report>,
) {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', "Send the CSV as the multipart field 'file'");
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file();
  } catch (error) {
    throw new AppError(
      'INVALID',
      `The upload is not a valid multipart form: ${(error as Error).message}`,
    );
  }
  if (part?.fieldname !== 'file')
    throw new AppError('INVALID', "Send the CSV as the multipart field 'file'");
  const file = part.file;
  const filename = part.filename || 'upload.csv';
  const entry = await record(filename);
  const answer = async (onProgress?: ImportProgress) => {
    let report: Report;
    try {
      report = await run(file, onProgress, entry.committed);
    } catch (error) {
      // The import's own error is the answer, even when the entry cannot be written.
      await entry
        .failed(error instanceof AppError ? error.message : 'an internal error')
        .catch((failure: unknown) => request.log.error({ err: failure }, `${name}: audit entry`));
      throw error;
    }
    await entry.ended(report, file.truncated ? 'file over the size limit' : report.stopped);
    if (file.truncated)
      throw new AppError(
        'TOO_LARGE',
        `The file is over ${MAX_CSV_FILE_BYTES / 1024 / 1024} MB: its first lines were imported (${applied(report)}), the rest was not read`,
      );
    const { rejections: _listed, ...counts } = report as Record<string, unknown>;
    request.log.info(counts, name);
    return { success: true as const, data: report };
  };
  if (!request.headers.accept?.includes(NDJSON)) return answer();

  const lines = new PassThrough();
  const write = (value: unknown) => lines.write(`${JSON.stringify(value)}\n`);
  answer((done) => write({ progress: done })).then(
    (envelope) => lines.end(`${JSON.stringify(envelope)}\n`),
    (error: unknown) => {
      if (!(error instanceof AppError)) request.log.error({ err: error }, `${name} failed`);
      const message =
        error instanceof AppError
          ? error.message
          : 'The import failed; the lines before the failure were imported';
      lines.end(`${JSON.stringify({ success: false, message })}\n`);
    },
  );
  // A stream: not the envelope the schema types, and Fastify does not serialize it.
  return reply
    .header('content-type', `${NDJSON}; charset=utf-8`)
    .header('cache-control', 'no-store')
    .send(lines);
}
