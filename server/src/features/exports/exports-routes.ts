import { ordersExportQuery } from '@proper-parts/domain/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { errorResponses } from '../../http/responses.ts';
import { exportCustomersCsv } from './customers-export.ts';
import { exportInvoicesCsv } from './invoices-export.ts';
import { exportReturnsCsv } from './returns-export.ts';

/** Issue 21: invoices and customers as CSV for admins, streamed (orders: manage-orders-routes). */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['exports'],
        summary:
          'Invoices issued from `from` to `to` (YYYY-MM-DD, both included, UTC) as CSV, by number: paid, open or overdue; streamed (admin)',
        produces: ['text/csv'],
        querystring: ordersExportQuery,
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return sendCsv(
        reply,
        `invoices-${from}-to-${to}.csv`,
        exportInvoicesCsv(app.db, request.query),
      );
    },
  );

  app.get(
    '/customers/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['exports'],
        summary:
          'Every account as CSV: contact, role, company and number of orders; streamed (admin)',
        produces: ['text/csv'],
        // It takes no parameters: anything in the query is refused, not silently ignored.
        querystring: z.object({}).strict(),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (_request, reply) => sendCsv(reply, 'customers.csv', exportCustomersCsv(app.db)),
  );

  app.get(
    '/admin/returns/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['exports'],
        summary:
          'Returns asked for from `from` to `to` (YYYY-MM-DD, both included, UTC) as CSV, oldest first: RMA number, state, pieces and what became of them, the refund (tax, freight, restocking fee) and credit note; streamed (admin)',
        produces: ['text/csv'],
        querystring: ordersExportQuery,
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return sendCsv(
        reply,
        `returns-${from}-to-${to}.csv`,
        exportReturnsCsv(app.db, request.query),
      );
    },
  );
};
