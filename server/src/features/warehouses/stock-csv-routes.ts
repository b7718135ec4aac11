import multipart from '@fastify/multipart';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { type StockImportReport, stockImportReport } from '@proper-parts/domain/warehouses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { openImportEntry } from '../audit/import-entry.ts';
import { importStockCsv } from './stock-import.ts';

/** Issue 36: stock per warehouse from an ERP's CSV, streamed with progress. */
export const stockCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, csvUploadLimits);

  app.post(
    '/admin/stock/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary:
          "Import stock per warehouse from a CSV (admin): multipart field 'file', columns sku, warehouse (its name), quantity. A line sets the count as it was when the import began: what orders took from that warehouse since is kept taken. With `Accept: application/x-ndjson`, a line `{progress: {lines, bytes}}` per batch comes first, and the envelope is the last line",
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(stockImportReport),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) =>
      answerCsvImport(request, reply, {
        run: (file, onProgress, committed) => importStockCsv(app.db, file, onProgress, committed),
        applied: (report) => `${report.added} added, ${report.updated} updated`,
        name: 'stock import',
        record: (file) =>
          openImportEntry<StockImportReport>(app.db, request, {
            action: 'stock.import',
            targetType: 'stock',
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
};
