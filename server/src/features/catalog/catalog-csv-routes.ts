import multipart from '@fastify/multipart';
import { type ImportReport, importReport } from '@proper-parts/domain/catalog-csv';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { exportCatalogCsv } from './catalog-export.ts';
import { importCatalogCsv } from './catalog-import.ts';

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
  await app.register(multipart, csvUploadLimits);

  app.post(
    '/catalog/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalog'],
        summary:
          "Import products from a CSV (admin): multipart field 'file', upserted by sku; answers a report of created, updated and rejected lines (README: the columns). With `Accept: application/x-ndjson`, a line `{progress: {lines, bytes}}` per batch comes first, and the envelope is the last line",
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(importReport),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) =>
      answerCsvImport(request, reply, {
        run: (file, onProgress) => importCatalogCsv(app.db, file, onProgress),
        applied: (report) => `${report.created} created, ${report.updated} updated`,
        name: 'catalog import',
        // One entry for the whole file: its lines are applied in many transactions (a batch
        // each), so the entry follows the last of them.
        finished: (report, file) =>
          recordAudit(app.db, request, importEntry(file.filename, report, file.truncated)),
      }),
  );

  app.get(
    '/catalog/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalog'],
        summary: 'The whole live catalog as CSV, in the columns the import reads (admin)',
        produces: ['text/csv'],
        // It takes no parameters: anything in the query is refused, not silently ignored.
        querystring: z.object({}).strict(),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `catalog-${day}.csv`, exportCatalogCsv(app.db));
    },
  );
};
