import {
  brandList,
  catalogProduct,
  categoryTree,
  productSlugParams,
  searchQuery,
  searchResult,
} from '@proper-parts/domain/catalog-search';
import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import { successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { cachedJsonRoute, sendJson } from '../../http/cached-json.ts';
import { errorResponses } from '../../http/responses.ts';
import { catalogScopeOf, scopeHolds } from '../company-catalogs/catalog-scope.ts';
import { searchCallerOf } from '../part-numbers/own-number-search.ts';
import type { CatalogAnswers } from './catalog-search-cache.ts';
import { demoProgressRoutes } from './demo-progress-routes.ts';

/**
 * Finding parts (issue 16): search with facets, one product by slug, brands, categories. Public;
 * answered from memory when asked before (catalog-search-cache.ts).
 */
export function catalogSearchRoutes(answers: CatalogAnswers): FastifyPluginAsyncZod {
  return async (app) => {
    // A first start's demo catalog, while it loads (decision 034).
    await app.register(demoProgressRoutes);
    app.get(
      '/catalog/search',
      {
        ...cachedJsonRoute,
        config: { access: 'public', repeatableQuery: ['brand'] },
        schema: {
          tags: ['catalog'],
          summary:
            "Search parts by part number (a company member's own too), words, category, brand, stock, price and `attr.<name>` (a value or min..max), with facets and a keyset cursor (public)",
          querystring: searchQuery,
          response: { 200: successEnvelope(searchResult), ...errorResponses },
        },
      },
      async (request, reply) => {
        // Issue 35, decision 039: a restricted company's members search their part of the
        // catalog; its answers are kept under the scope and sent without a replay source. A
        // company member's own part number finds its part, for them only.
        const { scope, ownSku } = await searchCallerOf(request, request.query.q);
        if (ownSku || scope) {
          const { body } = await answers.search({
            ...request.query,
            ...(ownSku ? { q: ownSku } : {}),
            ...(scope ? { scope } : {}),
          });
          return sendJson(reply, body);
        }
        const { body, source } = await answers.search(request.query);
        return sendJson(reply, body, source);
      },
    );

    app.get(
      '/catalog/products/:slug',
      {
        ...cachedJsonRoute,
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'One product by slug, with its specifications and cross-references (public)',
          params: productSlugParams,
          response: { 200: successEnvelope(catalogProduct), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { body, source } = await answers.product(request.params.slug);
        if (body === undefined) throw new AppError('NOT_FOUND', 'Product not found');
        // Issue 35, decision 039: outside a restricted company's catalog, its members get a 404
        // that says why (the part is public: a visitor's page shows it, so nothing is hidden).
        const scope = await catalogScopeOf(request);
        if (scope) {
          if (!scopeHolds(scope, JSON.parse(body).data))
            throw new AppError('NOT_FOUND', companyCatalogMessages.productNotInCatalog);
          return sendJson(reply, body);
        }
        return sendJson(reply, body, source);
      },
    );

    app.get(
      '/catalog/brands',
      {
        ...cachedJsonRoute,
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'Brands A–Z with their count of products (public)',
          response: { 200: successEnvelope(brandList), ...errorResponses },
        },
      },
      async (request, reply) => {
        const scope = await catalogScopeOf(request);
        if (scope) return sendJson(reply, (await answers.brands(scope)).body);
        const { body, source } = await answers.brands();
        return sendJson(reply, body, source);
      },
    );

    app.get(
      '/catalog/categories',
      {
        ...cachedJsonRoute,
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'The category tree; each count includes the categories below (public)',
          response: { 200: successEnvelope(categoryTree), ...errorResponses },
        },
      },
      async (request, reply) => {
        const scope = await catalogScopeOf(request);
        if (scope) return sendJson(reply, (await answers.categories(scope)).body);
        const { body, source } = await answers.categories();
        return sendJson(reply, body, source);
      },
    );
  };
}
