import { auditEntry, auditExportQuery, auditQuery } from '@proper-parts/domain/audit';
import { pageEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { errorResponses } from '../../http/responses.ts';
import { exportAuditCsv } from './audit-export.ts';
import { listAuditEntries } from './audit-repository.ts';

/** Issue 21: the audit log, read-only (admin). Nothing in the API changes or deletes an entry. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary:
          'Audit log entries, newest first: filter by action, actor (email or id), target (id or type:id), from and to (YYYY-MM-DD, UTC, both included); page by cursor (admin)',
        querystring: auditQuery,
        response: { 200: pageEnvelope(auditEntry), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listAuditEntries(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.get(
    '/audit/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['audit'],
        summary:
          'The audit log entries the same filters match, as CSV, newest first; streamed (admin)',
        produces: ['text/csv'],
        querystring: auditExportQuery,
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, `audit-log-${day}.csv`, exportAuditCsv(app.db, request.query));
    },
  );
};
