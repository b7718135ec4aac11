import { brandList, categoryTree } from '@proper-parts/domain/catalog-search';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** Every brand A–Z with its count of live parts (`GET /catalog/brands`). */
export const useBrands = () =>
  useQuery({
    queryKey: ['catalog-brands'],
    queryFn: ({ signal }) => apiFetch(api.catalogBrands, { schema: brandList, signal }),
  });

/** The category tree with counts that include the categories below (`GET /catalog/categories`). */
export const useCategories = () =>
  useQuery({
    queryKey: ['catalog-categories'],
    queryFn: ({ signal }) => apiFetch(api.catalogCategories, { schema: categoryTree, signal }),
  });
