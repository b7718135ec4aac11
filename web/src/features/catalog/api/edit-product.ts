import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import type { UpdateProductRequest } from '@proper-parts/domain/product-edit';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { catalogProductShape as catalogProduct } from '../catalog-shapes';

/** One product with every field, by slug or id (`GET /catalog/products/{slug}`). */
export const catalogProductQueryOptions = (slugOrId: string) =>
  queryOptions({
    queryKey: ['catalog-product', slugOrId],
    queryFn: ({ signal }) =>
      apiFetch(api.catalogProduct(slugOrId), { schema: catalogProduct, signal }),
  });

export const useCatalogProduct = (slugOrId: string) =>
  useQuery(catalogProductQueryOptions(slugOrId));

/**
 * A part's public page: the product, or `null` when no live product has that slug. Not found is
 * an answer, not an error, so a server-rendered 404 travels to the browser with the page's data
 * and hydrates as the same markup.
 */
export const productPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['catalog-product-page', slug],
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch(api.catalogProduct(slug), { schema: catalogProduct, signal });
      } catch (error) {
        // Issue 35: a part outside the buyer's company's catalog is an error that says so.
        if (
          error instanceof ApiError &&
          error.message === companyCatalogMessages.productNotInCatalog
        )
          throw error;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }
    },
  });

/** `PATCH /tools/{id}` (admin): only the fields that changed. */
export function useEditProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: UpdateProductRequest) =>
      apiFetch(api.tool(id), { method: 'PATCH', body: edit, schema: catalogProduct }),
    onSuccess: (product) => {
      queryClient.setQueryData(['catalog-product', id], product);
      // Lists and searches show the product's new name, price and stock.
      void queryClient.invalidateQueries({ queryKey: ['tools'] });
      void queryClient.invalidateQueries({ queryKey: ['catalog-search'] });
    },
  });
}
