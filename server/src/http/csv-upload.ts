import { PassThrough, type Readable } from 'node:stream';
import { MAX_CSV_FILE_BYTES } from '@proper-parts/domain/csv-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** Asked for by `Accept`, an import answers its progress as it goes, one JSON line at a time. */
const NDJSON = 'application/x-ndjson';

/** `@fastify/multipart`'s limits for a CSV import's scope: one file, nothing else. */
export const csvUploadLimits = {
  limits: { fileSize: MAX_CSV_FILE_BYTES, files: 1, fields: 0, parts: 1 },
};

export type ImportProgress = (done: { lines: number; bytes: number }) => void;

interface CsvImport<Report> {
  /** Reads the uploaded file as a stream and applies it. */
  run: (file: Readable, onProgress?: ImportProgress) => Promise<Report>;
  /** What was applied before the size limit cut the file: "3 created, 2 updated". */
  applied: (report: Report) => string;
  /** Names the import in the log: "catalog import". */
  name: string;
  /** After the file was applied, even cut by the size limit: e.g. its audit entry. */
  finished?: (report: Report, file: { filename: string; truncated: boolean }) => Promise<void>;
}

/**
 * A CSV import's answer (`POST /catalog/import`, `POST /fitment/import`): the file comes as the
 * multipart field `file`. Its report is the answer's envelope; or, asked for with
 * `Accept: application/x-ndjson` (the admin page's progress bar), a line `{progress}` per batch
 * applied, then the envelope as the last line (its status is in it: the 200 went out with the
 * first line).
 */
export async function answerCsvImport<Report extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  { run, applied, name, finished }: CsvImport<Report>,
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
  const answer = async (onProgress?: ImportProgress) => {
    const report = await run(file, onProgress);
    await finished?.(report, { filename, truncated: file.truncated });
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
