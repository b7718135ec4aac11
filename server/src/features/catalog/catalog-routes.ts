import { toolIdParams } from '@proper-parts/domain/catalog';
import { paginationQuery } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { cachedJsonRoute, sendJson } from '../../http/cached-json.ts';
import { errorResponses } from '../../http/responses.ts';
import { oneTool, toolAnswer, toolList, toolListAnswer } from './catalog-cache.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tools',
    {
      ...cachedJsonRoute,
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          "Products, newest first (public). Page by offset (up to 10,000) or by cursor: each answer carries the next page's `nextCursor` (null on the last).",
        querystring: paginationQuery,
        response: { 200: toolList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body, source } = await toolListAnswer(app, request.query);
      return sendJson(reply, body, source);
    },
  );

  app.get(
    '/tools/:id',
    {
      ...cachedJsonRoute,
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'One product (public)',
        params: toolIdParams,
        response: { 200: oneTool, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body, source } = await toolAnswer(app, request.params.id);
      if (body === undefined) throw new AppError('NOT_FOUND', 'Product not found');
      return sendJson(reply, body, source);
    },
  );
};
