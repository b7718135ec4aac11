import { toolIdParams } from '@proper-parts/domain/catalog';
import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import { paginationQuery } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { cachedJsonRoute, sendJson } from '../../http/cached-json.ts';
import { errorResponses } from '../../http/responses.ts';
import { catalogScopeOf, scopeHoldsProduct } from '../company-catalogs/catalog-scope.ts';
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
          "Products, newest first (public; a restricted company's members get their catalog only). Page by offset (up to 10,000) or by cursor: each answer carries the next page's `nextCursor` (null on the last).",
        querystring: paginationQuery,
        response: { 200: toolList, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Issue 35, decision 039: a restricted company's members list their part of the catalog,
      // kept under its scope and sent without a replay source.
      const scope = await catalogScopeOf(request);
      if (scope) return sendJson(reply, (await toolListAnswer(app, request.query, scope)).body);
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
        summary:
          "One product (public; 404 to a restricted company's members when outside their catalog)",
        params: toolIdParams,
        response: { 200: oneTool, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body, source } = await toolAnswer(app, request.params.id);
      if (body === undefined) throw new AppError('NOT_FOUND', 'Product not found');
      // Decision 039: outside a restricted company's catalog, the product page's 404.
      const scope = await catalogScopeOf(request);
      if (scope) {
        if (!(await scopeHoldsProduct(app.readDb, scope, { id: request.params.id })))
          throw new AppError('NOT_FOUND', companyCatalogMessages.productNotInCatalog);
        return sendJson(reply, body);
      }
      return sendJson(reply, body, source);
    },
  );
};
