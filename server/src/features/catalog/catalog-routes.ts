import { tool, toolIdParams } from '@proper-parts/domain/catalog';
import { paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { findTool, listTools } from './catalog-repository.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tools',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Products, newest first (public)',
        querystring: paginationQuery,
        response: { 200: successEnvelope(tool.array()), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listTools(app.db, request.query) }),
  );

  app.get(
    '/tools/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'One product (public)',
        params: toolIdParams,
        response: { 200: successEnvelope(tool), ...errorResponses },
      },
    },
    async (request) => {
      const found = await findTool(app.db, request.params.id);
      if (!found) throw new AppError('NOT_FOUND', 'Product not found');
      return { success: true as const, data: found };
    },
  );
};
