import { catalogProduct } from '@proper-parts/domain/catalog-search';
import type { UpdateProductRequest } from '@proper-parts/domain/product-edit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** One product with every field, by id (`GET /catalog/products/{id}`). */
export const useCatalogProduct = (id: string) =>
  useQuery({
    queryKey: ['catalog-product', id],
    queryFn: ({ signal }) => apiFetch(api.catalogProduct(id), { schema: catalogProduct, signal }),
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
