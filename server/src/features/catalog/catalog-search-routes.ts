import {
  brandList,
  catalogProduct,
  categoryTree,
  productSlugParams,
  searchQuery,
  searchResult,
} from '@proper-parts/domain/catalog-search';
import { successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import type { CatalogSearch } from './catalog-search.ts';

/** Finding parts (issue 16): search with facets, one product by slug, brands, categories. Public. */
export function catalogSearchRoutes(search: CatalogSearch): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/catalog/search',
      {
        config: { access: 'public', repeatableQuery: ['brand'] },
        schema: {
          tags: ['catalog'],
          summary:
            'Search parts by part number, words, category, brand, stock, price and `attr.<name>` (a value or min..max), with facets and a keyset cursor (public)',
          querystring: searchQuery,
          response: { 200: successEnvelope(searchResult), ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, data: await search.search(request.query) }),
    );

    app.get(
      '/catalog/products/:slug',
      {
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'One product by slug, with its specifications and cross-references (public)',
          params: productSlugParams,
          response: { 200: successEnvelope(catalogProduct), ...errorResponses },
        },
      },
      async (request) => {
        const product = await search.product(request.params.slug);
        if (!product) throw new AppError('NOT_FOUND', 'Product not found');
        return { success: true as const, data: product };
      },
    );

    app.get(
      '/catalog/brands',
      {
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'Brands A–Z with their count of products (public)',
          response: { 200: successEnvelope(brandList), ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: await search.brands() }),
    );

    app.get(
      '/catalog/categories',
      {
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'The category tree; each count includes the categories below (public)',
          response: { 200: successEnvelope(categoryTree), ...errorResponses },
        },
      },
      async () => ({ success: true as const, data: await search.categories() }),
    );
  };
}
