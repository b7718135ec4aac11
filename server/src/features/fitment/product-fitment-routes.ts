import { productSlugParams } from '@proper-parts/domain/catalog-search';
import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import { successEnvelope } from '@proper-parts/domain/envelope';
import { productFitment, productFitmentQuery } from '@proper-parts/domain/fitment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { cachedJsonRoute, sendJson, serializeEnvelope } from '../../http/cached-json.ts';
import { errorResponses } from '../../http/responses.ts';
import { catalogScopeOf, scopeHoldsProduct } from '../company-catalogs/catalog-scope.ts';
import { fitmentCache } from './fitment-cache.ts';
import { productFitment as readProductFitment } from './product-fitment.ts';

const answer = successEnvelope(productFitment);

/** A product's fit check and the vehicles it fits (issue 20). Public, answered from memory. */
export const productFitmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = fitmentCache(app);
  app.get(
    '/catalog/products/:slug/fitment',
    {
      ...cachedJsonRoute,
      config: { access: 'public' },
      schema: {
        tags: ['fitment'],
        summary:
          'Whether a product fits a vehicle (`vehicle`: its id) and the vehicles it fits, consecutive model years merged, by make, model, engine and year, with a keyset cursor (public)',
        params: productSlugParams,
        querystring: productFitmentQuery,
        response: { 200: answer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { vehicle, cursor, limit } = request.query;
      const key = JSON.stringify(['fitment', slug, vehicle ?? null, cursor ?? null, limit]);
      const { body, source } = await cache.answer(key, async () => {
        const found = await readProductFitment(app.readDb, slug, { vehicle, cursor, limit });
        return found && serializeEnvelope(answer, { success: true, data: found });
      });
      if (body === undefined) throw new AppError('NOT_FOUND', 'Product not found');
      // Decision 039: a part outside a restricted company's catalog is its product page's 404.
      const scope = await catalogScopeOf(request);
      if (scope) {
        if (!(await scopeHoldsProduct(app.readDb, scope, { slug })))
          throw new AppError('NOT_FOUND', companyCatalogMessages.productNotInCatalog);
        return sendJson(reply, body);
      }
      return sendJson(reply, body, source);
    },
  );
};
