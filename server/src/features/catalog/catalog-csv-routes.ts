import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  type ImportReport,
  importReport,
  MAX_CSV_FILE_BYTES,
} from '@proper-parts/domain/catalog-csv';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { bearerSecurity, errorResponses } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { exportCatalogCsv } from './catalog-export.ts';
import { importCatalogCsv } from './catalog-import.ts';

/** Asked for by `Accept`, the import answers its progress as it goes, one JSON line at a time. */
const NDJSON = 'application/x-ndjson';

/** The audit entry of an import: its file and its counts. */
function importEntry(filename: string, report: ImportReport, truncated: boolean) {
  const counts = `${report.created} created, ${report.updated} updated, ${report.rejected} rejected`;
  return {
    action: 'catalog.import' as const,
    targetType: 'catalog' as const,
    targetId: filename,
    summary: `Imported ${filename}: ${counts}${truncated || report.stopped ? ' (stopped early)' : ''}`,
    after: {
      file: filename,
      created: report.created,
      updated: report.updated,
      rejected: report.rejected,
      stopped: truncated ? 'file over the size limit' : report.stopped,
    },
  };
}

/** `POST /catalog/import` and `GET /catalog/export.csv` (issue 16): admins only. */
export const catalogCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this scope parses multipart for CSV: one file, nothing else.
  await app.register(multipart, {
    limits: { fileSize: MAX_CSV_FILE_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/catalog/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalog'],
        summary:
          "Import products from a CSV (admin): multipart field 'file', upserted by sku; answers a report of created, updated and rejected lines (README: the columns). With `Accept: application/x-ndjson`, a line `{progress: {lines, bytes}}` per batch comes first, and the envelope is the last line",
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(importReport),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
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
      const run = async (onProgress?: (done: { lines: number; bytes: number }) => void) => {
        const report = await importCatalogCsv(app.db, file, onProgress);
        // One entry for the whole file: its lines are applied in many transactions (a batch
        // each), so the entry follows the last of them.
        await recordAudit(app.db, request, importEntry(filename, report, file.truncated));
        if (file.truncated)
          throw new AppError(
            'TOO_LARGE',
            `The file is over ${MAX_CSV_FILE_BYTES / 1024 / 1024} MB: its first lines were imported (${report.created} created, ${report.updated} updated), the rest was not read`,
          );
        request.log.info(
          { created: report.created, updated: report.updated, rejected: report.rejected },
          'catalog import',
        );
        return { success: true as const, data: report };
      };
      if (!request.headers.accept?.includes(NDJSON)) return run();

      // The admin page asks for progress: one JSON line per batch applied, then the answer's
      // envelope as the last line (its status is in it: the 200 went out with the first line).
      const lines = new PassThrough();
      const write = (value: unknown) => lines.write(`${JSON.stringify(value)}\n`);
      run((done) => write({ progress: done })).then(
        (answer) => lines.end(`${JSON.stringify(answer)}\n`),
        (error: unknown) => {
          if (!(error instanceof AppError))
            request.log.error({ err: error }, 'catalog import failed');
          const message =
            error instanceof AppError
              ? error.message
              : 'The import failed; the lines before the failure were imported';
          lines.end(`${JSON.stringify({ success: false, message })}\n`);
        },
      );
      // A stream: not the envelope the schema types, and Fastify does not serialize it.
      return (reply as FastifyReply)
        .header('content-type', `${NDJSON}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .send(lines);
    },
  );

  app.get(
    '/catalog/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalog'],
        summary: 'The whole live catalog as CSV, in the columns the import reads (admin)',
        security: bearerSecurity,
        produces: ['text/csv'],
        // It takes no parameters: anything in the query is refused, not silently ignored.
        querystring: z.object({}).strict(),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalog-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportCatalogCsv(app.db));
    },
  );
};
