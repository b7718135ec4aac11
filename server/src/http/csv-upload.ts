import { PassThrough, type Readable } from 'node:stream';
import { MAX_CSV_FILE_BYTES } from '@proper-parts/domain/csv-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { answerStreamOnce, type StreamOutcome } from './idempotency.ts';

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
  /**
   * Reads the uploaded file as a stream and applies it on `db`, telling `committed` of each
   * batch. `db` is the app's database, or the one transaction of an import that adds under an
   * `Idempotency-Key` (`once`).
   */
  run: (
    file: Readable,
    onProgress: ImportProgress | undefined,
    committed: ImportCommitted<Report>,
    db: Database,
  ) => Promise<Report>;
  /** What was applied before the size limit cut the file: "3 created, 2 updated". */
  applied: (report: Report) => string;
  /** Names the import in the log: "catalog import". */
  name: string;
  /** Opens the import's record (its audit entry) on `db`, before the file's first line is read. */
  record: (filename: string, db: Database) => Promise<ImportRecord<Report>>;
  /**
   * The app's database, given by an import whose lines add (purchase orders, issue 36), where
   * importing a file twice would add twice. Such a route declares `config.idempotent`; with an
   * `Idempotency-Key`, the whole import is one transaction with the key's claim
   * (`answerStreamOnce`): all of it, or none of it and nothing stored; the same key and file
   * again answer the first report and add nothing. Without a key, it runs as any import on `db`.
   */
  once?: Database;
}

const writeLine = (lines: PassThrough, value: unknown) => lines.write(`${JSON.stringify(value)}\n`);

const asLines = (reply: FastifyReply) =>
  reply.header('content-type', `${NDJSON}; charset=utf-8`).header('cache-control', 'no-store');

/** Starts the answer of an import asked with `Accept: application/x-ndjson`: its lines follow. */
function sendLines(reply: FastifyReply): PassThrough {
  const lines = new PassThrough();
  // A stream: not the envelope the schema types, and Fastify does not serialize it.
  asLines(reply).send(lines);
  return lines;
}

/**
 * The last line of a streamed import that failed (the 200 went out with its first line): the
 * refusal's message, or `unexpected` (what was kept of the file) for an internal error.
 */
function endLinesWith(
  request: FastifyRequest,
  name: string,
  lines: PassThrough,
  error: unknown,
  unexpected = 'The import failed; the lines before the failure were imported',
) {
  if (!(error instanceof AppError)) request.log.error({ err: error }, `${name} failed`);
  const message = error instanceof AppError ? error.message : unexpected;
  lines.end(`${JSON.stringify({ success: false, message })}\n`);
}

/** The report's counts in the log (its refused lines are in the answer). */
function logCounts(request: FastifyRequest, name: string, report: object) {
  const { rejections: _listed, ...counts } = report as Record<string, unknown>;
  request.log.info(counts, name);
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
  options: CsvImport<Report>,
) {
  const { run, applied, name, record, once } = options;
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
  if (once) {
    const keyed = await answerKeyedImport(request, reply, once, file, filename, options);
    if (keyed) return keyed.answer;
  }
  const db = once ?? request.server.db;
  const entry = await record(filename, db);
  const answer = async (onProgress?: ImportProgress) => {
    let report: Report;
    try {
      report = await run(file, onProgress, entry.committed, db);
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
    logCounts(request, name, report);
    return { success: true as const, data: report };
  };
  if (!request.headers.accept?.includes(NDJSON)) return answer();

  const lines = sendLines(reply);
  answer((done) => writeLine(lines, { progress: done })).then(
    (envelope) => lines.end(`${JSON.stringify(envelope)}\n`),
    (error: unknown) => endLinesWith(request, name, lines, error),
  );
  return reply;
}

/**
 * An import that adds, sent with an `Idempotency-Key`: the key's claim, the audit entry and every
 * batch in one transaction (`answerStreamOnce`). Its progress lines start once the key is claimed
 * anew; a key already answered gets that answer again, as sent, with `Idempotent-Replayed: true`.
 * A file over the size limit is refused whole (nothing imported), as any failure of it is.
 * Answers undefined when the request has no key; else `answer`, the reply when it was sent here
 * (in an object: a reply is a thenable, which an async function's promise would wait on).
 */
async function answerKeyedImport<Report extends { stopped: string | null }>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  file: Readable & { truncated?: boolean },
  filename: string,
  { run, name, record }: CsvImport<Report>,
) {
  const streamed = request.headers.accept?.includes(NDJSON) ?? false;
  let lines: PassThrough | undefined;
  let outcome: StreamOutcome<{ success: true; data: Report }> | undefined;
  try {
    outcome = await answerStreamOnce(db, request, reply, file, async (tx, body) => {
      if (streamed) lines = sendLines(reply);
      const entry = await record(filename, tx);
      const open = lines;
      const report = await run(
        body,
        open && ((done) => writeLine(open, { progress: done })),
        entry.committed,
        tx,
      );
      if (file.truncated)
        throw new AppError(
          'TOO_LARGE',
          `The file is over ${MAX_CSV_FILE_BYTES / 1024 / 1024} MB: nothing was imported`,
        );
      await entry.ended(report, report.stopped);
      logCounts(request, name, report);
      return { success: true as const, data: report };
    });
  } catch (error) {
    if (!lines) throw error;
    endLinesWith(request, name, lines, error, 'The import failed; nothing was imported');
    return { answer: reply };
  }
  if (!outcome) return undefined;
  if (outcome.earlier) {
    const { statusCode, body } = outcome.earlier;
    reply.code(statusCode).header('idempotent-replayed', 'true');
    if (!streamed) return { answer: JSON.parse(body) as { success: true; data: Report } };
    return { answer: asLines(reply).send(`${body}\n`) };
  }
  if (!lines) return { answer: outcome.answer };
  lines.end(`${JSON.stringify(outcome.answer)}\n`);
  return { answer: reply };
}
