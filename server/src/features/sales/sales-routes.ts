import { successEnvelope } from '@proper-parts/domain/envelope';
import { salesDashboard, salesQuery } from '@proper-parts/domain/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { salesDashboardOf } from './sales-repository.ts';

/** Issue 21: the sales dashboard's figures, all in one answer (admin). */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sales'],
        summary:
          "Sales from `from` to `to` (YYYY-MM-DD, both included, the shop's days in SHOP_TIME_ZONE; at most 3 years): revenue per day, week or month, orders by status, average order value, top products, brands and customers, units sold against stock (admin)",
        querystring: salesQuery,
        response: { 200: successEnvelope(salesDashboard), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await salesDashboardOf(app.db, request.query),
    }),
  );
};
