import multipart from '@fastify/multipart';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { type FitmentImportReport, fitmentImportReport } from '@proper-parts/domain/fitment-csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { openImportEntry } from '../audit/import-entry.ts';
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
        run: (file, onProgress, committed) => importFitmentCsv(app.db, file, onProgress, committed),
        applied: (report) => `${report.added} added, ${report.updated} updated`,
        name: 'fitment import',
        // One entry for the whole file, written as it starts and brought up to date after each
        // batch: a process killed mid-file leaves it with what was committed.
        record: (file) =>
          openImportEntry<FitmentImportReport>(app.db, request, {
            action: 'fitment.import',
            targetType: 'fitment',
            file,
            counts: ({ added, updated, unchanged, rejected }) => ({
              added,
              updated,
              unchanged,
              rejected,
            }),
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
