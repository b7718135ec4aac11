import multipart from '@fastify/multipart';
import { type ImportReport, importReport } from '@proper-parts/domain/catalog-csv';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { openImportEntry } from '../audit/import-entry.ts';
import { exportCatalogCsv } from './catalog-export.ts';
import { importCatalogCsv } from './catalog-import.ts';

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
        run: (file, onProgress, committed) => importCatalogCsv(app.db, file, onProgress, committed),
        applied: (report) => `${report.created} created, ${report.updated} updated`,
        name: 'catalog import',
        // One entry for the whole file, written as it starts and brought up to date in each
        // batch's transaction: a process killed mid-file leaves it with what was committed.
        record: (file) =>
          openImportEntry<ImportReport>(app.db, request, {
            action: 'catalog.import',
            targetType: 'catalog',
            file,
            counts: ({ created, updated, rejected }) => ({ created, updated, rejected }),
          }),
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
