import { demoCatalogProgress } from '@proper-parts/domain/demo-catalog';
import { successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { demoCatalogProgress as readProgress } from './demo-seed.ts';

/** The catalog page asks while the demo catalog loads on a first start (decision 034). */
export const demoProgressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog/demo-progress',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          'How many of the demo catalog’s parts have loaded on a first start; null once all have (public)',
        response: { 200: successEnvelope(demoCatalogProgress), ...errorResponses },
      },
    },
    async (_request, reply) => {
      // It changes every few hundred milliseconds while it loads: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await readProgress(app.db) };
    },
  );
};
