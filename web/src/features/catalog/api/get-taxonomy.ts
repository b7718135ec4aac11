import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { brandListShape, categoryTreeShape } from '../catalog-shapes';

/** Every brand A–Z with its count of live parts (`GET /catalog/brands`). */
export const brandsQueryOptions = queryOptions({
  queryKey: ['catalog-brands'],
  queryFn: ({ signal }) => apiFetch(api.catalogBrands, { schema: brandListShape, signal }),
});

export const useBrands = () => useQuery(brandsQueryOptions);

/** The category tree with counts that include the categories below (`GET /catalog/categories`). */
export const categoriesQueryOptions = queryOptions({
  queryKey: ['catalog-categories'],
  queryFn: ({ signal }) => apiFetch(api.catalogCategories, { schema: categoryTreeShape, signal }),
});

export const useCategories = () => useQuery(categoriesQueryOptions);
