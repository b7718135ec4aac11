import multipart from '@fastify/multipart';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { fitmentImportReport } from '@proper-parts/domain/fitment-csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { exportFitmentCsv } from './fitment-export.ts';
import { importFitmentCsv } from './fitment-import.ts';

/** `POST /fitment/import` and `GET /fitment/export` (issue 20): admins only. */
export const fitmentCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this scope parses multipart for CSV: one file, nothing else.
  await app.register(multipart, csvUploadLimits);

  app.post(
    '/fitment/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['fitment'],
        summary:
          "Import vehicle fitment from a CSV (admin): multipart field 'file', columns sku, year_from, year_to, make, model, submodel, engine, position, note; answers a report of added, updated, unchanged and rejected lines. With `Accept: application/x-ndjson`, a line `{progress: {lines, bytes}}` per batch comes first, and the envelope is the last line",
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(fitmentImportReport),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) =>
      answerCsvImport(request, reply, {
        run: (file, onProgress) => importFitmentCsv(app.db, file, onProgress),
        applied: (report) => `${report.added} added, ${report.updated} updated`,
        name: 'fitment import',
        // One entry for the whole file, after its last batch (each batch commits on its own).
        finished: (report, file) =>
          recordAudit(app.db, request, {
            action: 'fitment.import',
            targetType: 'fitment',
            targetId: file.filename,
            summary: `Imported ${file.filename}: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected} rejected${file.truncated || report.stopped ? ' (stopped early)' : ''}`,
            after: {
              file: file.filename,
              added: report.added,
              updated: report.updated,
              unchanged: report.unchanged,
              rejected: report.rejected,
            },
          }),
      }),
  );

  app.get(
    '/fitment/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['fitment'],
        summary:
          'Every live part’s vehicle fitment as CSV, in the columns the import reads, consecutive years merged (admin)',
        produces: ['text/csv'],
        // It takes no parameters: anything in the query is refused, not silently ignored.
        querystring: z.object({}).strict(),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `fitment-${day}.csv`, exportFitmentCsv(app.db));
    },
  );
};
