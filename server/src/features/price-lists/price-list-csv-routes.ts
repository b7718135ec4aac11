import multipart from '@fastify/multipart';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  type PriceListImportReport,
  priceListIdParams,
  priceListImportReport,
} from '@proper-parts/domain/price-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { openImportEntry } from '../audit/import-entry.ts';
import { exportPriceListCsv, importPriceListCsv, lockedListName } from './price-list-csv.ts';

/** A file name from a list's name: letters, digits and dashes only. */
const fileNameOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'price-list';

/** Issue 35: a price list's lines as CSV, out and in (shop admins), streamed. */
export const priceListCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, csvUploadLimits);

  app.post(
    '/admin/price-lists/:id/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary:
          "Import a price list's lines from a CSV (admin): multipart field 'file', columns price_list, sku, min_quantity, price, brand, category, percent_off (sku and price required in the header). A line sets one product price from a quantity, or one percent-off rule for a brand, a category or everything. With `Accept: application/x-ndjson`, a line `{progress: {lines, bytes}}` per batch comes first, and the envelope is the last line",
        consumes: ['multipart/form-data'],
        params: priceListIdParams,
        response: {
          200: successEnvelope(priceListImportReport),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // An unknown list is a 404 before the file is read or an audit entry opened.
      await lockedListName(app.db, id);
      return answerCsvImport(request, reply, {
        run: (file, onProgress, committed) =>
          importPriceListCsv(app.db, id, file, onProgress, committed),
        applied: (report) => `${report.added} added, ${report.updated} updated`,
        name: 'price list import',
        record: (file) =>
          openImportEntry<PriceListImportReport>(app.db, request, {
            action: 'price-list.import',
            targetType: 'price-list',
            targetId: id,
            file,
            counts: ({ added, updated, unchanged, rejected }) => ({
              added,
              updated,
              unchanged,
              rejected,
            }),
          }),
      });
    },
  );

  app.get(
    '/admin/price-lists/:id/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: "A price list's lines as CSV, in the columns its import reads; streamed (admin)",
        produces: ['text/csv'],
        params: priceListIdParams,
        querystring: z.object({}).strict(),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { name, body } = await exportPriceListCsv(app.db, request.params.id);
      return sendCsv(reply, `${fileNameOf(name)}.csv`, body);
    },
  );
};
