import multipart from '@fastify/multipart';
import { errorEnvelope, pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  deletePartNumbersRequest,
  deletePartNumbersResult,
  type PartNumberImportReport,
  partNumber,
  partNumberImportReport,
  partNumbersQuery,
  setPartNumbersRequest,
  setPartNumbersResult,
} from '@proper-parts/domain/part-numbers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCsvImport, csvUploadLimits } from '../../http/csv-upload.ts';
import { errorResponses } from '../../http/responses.ts';
import { openImportEntry } from '../audit/import-entry.ts';
import { ADMINS, callerMembership } from '../companies/company-access.ts';
import { importPartNumbersCsv } from './part-number-import.ts';
import { deletePartNumbers, listPartNumbers } from './part-number-store.ts';
import { setPartNumbers } from './part-number-writes.ts';

const tags = ['companies'];
const signedIn = { access: 'signed-in' as const };

/**
 * A company's own part numbers (issue 35): its members read them, its admins change them. Every
 * route reads the caller's membership (companies/company-access.ts): not a member → 404, a buyer
 * who writes → 403; each reads and writes only the caller's company's numbers.
 */
export const partNumberRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/company/part-numbers',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          "My company's part numbers with their products, newest first; `q` finds a number or SKU containing it (members)",
        querystring: partNumbersQuery,
        response: { 200: pageEnvelope(partNumber), ...errorResponses },
      },
    },
    async (request) => {
      const me = await callerMembership(request);
      const { items, nextCursor } = await listPartNumbers(db, me.companyId, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.put(
    '/company/part-numbers',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          "Set my company's numbers for products by SKU (added, or replacing the old number); answers each item's outcome (company admins)",
        body: setPartNumbersRequest,
        response: { 200: successEnvelope(setPartNumbersResult), ...errorResponses },
      },
    },
    async (request) => {
      const me = await callerMembership(request, ADMINS);
      const { items } = request.body;
      const outcomes = await setPartNumbers(
        db,
        me.companyId,
        items.map((item, ref) => ({ ref, ...item })),
        (ref) => `item ${ref}`,
      );
      const results = outcomes.map((outcome) => {
        const item = items[outcome.ref] as (typeof items)[number];
        return { ...item, status: outcome.status, id: outcome.id, message: outcome.message };
      });
      const count = (status: string) => results.filter((r) => r.status === status).length;
      const data = {
        results,
        added: count('added'),
        updated: count('updated'),
        unchanged: count('unchanged'),
        rejected: count('rejected'),
      };
      return {
        success: true as const,
        data,
        message: `${data.added} added, ${data.updated} updated, ${data.rejected} refused`,
      };
    },
  );

  app.delete(
    '/company/part-numbers',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Delete my company's numbers of these SKUs (`skus`) or these ids (company admins)",
        body: deletePartNumbersRequest,
        response: { 200: successEnvelope(deletePartNumbersResult), ...errorResponses },
      },
    },
    async (request) => {
      const me = await callerMembership(request, ADMINS);
      const deleted = await deletePartNumbers(db, me.companyId, request.body);
      return {
        success: true as const,
        data: { deleted },
        message: `${deleted} ${deleted === 1 ? 'number' : 'numbers'} deleted`,
      };
    },
  );

  await app.register(partNumberImportRoute);
};

/** The import in a scope of its own: only it parses multipart, one file, nothing else. */
const partNumberImportRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, csvUploadLimits);
  app.post(
    '/company/part-numbers/import',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          "Import my company's part numbers from a CSV (company admins): multipart field 'file', columns customer_part_number, sku. With `Accept: application/x-ndjson`, a line `{progress: {lines, bytes}}` per batch comes first, and the envelope is the last line",
        consumes: ['multipart/form-data'],
        response: {
          200: successEnvelope(partNumberImportReport),
          ...errorResponses,
          413: errorEnvelope,
          415: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const me = await callerMembership(request, ADMINS);
      return answerCsvImport(request, reply, {
        run: (file, onProgress, committed) =>
          importPartNumbersCsv(app.db, me.companyId, file, onProgress, committed),
        applied: (report) => `${report.added} added, ${report.updated} updated`,
        name: 'part numbers import',
        record: (file) =>
          openImportEntry<PartNumberImportReport>(app.db, request, {
            action: 'part-numbers.import',
            targetType: 'company',
            targetId: me.companyId,
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
};
