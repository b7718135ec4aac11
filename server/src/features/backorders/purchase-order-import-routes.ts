import multipart from '@fastify/multipart';
import {
  type PurchaseOrderImportReport,
  purchaseOrderImportReport,
} from '@proper-parts/domain/backorders';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { openImportEntry } from '../audit/import-entry.ts';
import { importPurchaseOrdersCsv } from './purchase-order-import.ts';

/** Issue 36: purchase orders of incoming stock from a supplier's CSV, streamed with progress. */
export const purchaseOrderImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, csvUploadLimits);

  app.post(
    '/admin/purchase-orders/import',
    {
      // Each line adds a purchase order: the same file twice would add them twice.
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['backorders'],
        summary:
          "Import purchase orders of incoming stock from a CSV (admin): multipart field 'file', columns sku (any case), quantity (from 1), expected_on (YYYY-MM-DD). Each valid line adds one purchase order, as POST /admin/purchase-orders does; a refused line is listed with its number and adds nothing. With an Idempotency-Key the import is all one transaction. With `Accept: application/x-ndjson`, a line `{progress: {lines, bytes}}` per batch comes first, and the envelope is the last line",
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(purchaseOrderImportReport),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) =>
      answerCsvImport(request, reply, {
        once: app.db,
        run: (file, onProgress, committed, db) =>
          importPurchaseOrdersCsv(db, file, onProgress, committed),
        applied: (report) => `${report.added} added`,
        name: 'purchase order import',
        record: (file, db) =>
          openImportEntry<PurchaseOrderImportReport>(db, request, {
            action: 'purchase-order.import',
            targetType: 'purchase-order',
            file,
            counts: ({ added, rejected }) => ({ added, rejected }),
          }),
      }),
  );
};
