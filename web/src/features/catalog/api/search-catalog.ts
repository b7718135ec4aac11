import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { searchResultShape } from '../catalog-shapes';

/** The search parameters the page passes on to `GET /catalog/search` (the rest are the page's). */
const SEARCH_PARAMS = [
  'q',
  'category',
  'brand',
  'inStock',
  'sort',
  'cursor',
  'minPrice',
  'maxPrice',
  // Issue 20: only the parts that fit this vehicle ("Fits my vehicle").
  'vehicle',
];

export function searchParamsOf(page: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of page) {
    if (value !== '' && (SEARCH_PARAMS.includes(key) || key.startsWith('attr.')))
      out.append(key, value);
  }
  out.sort();
  return out;
}

export const searchCatalog = (query: URLSearchParams, signal?: AbortSignal) =>
  apiFetch(api.catalogSearch(query), { schema: searchResultShape, signal });

/**
 * Keyed by the query: each answer lands under its own key, so an older answer arriving late
 * never replaces a newer one. The last answer stays on screen while the next one loads.
 */
export const catalogSearchQueryOptions = (query: URLSearchParams) =>
  queryOptions({
    queryKey: ['catalog-search', query.toString()],
    queryFn: ({ signal }) => searchCatalog(query, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled: false` holds the request back (a product page's related parts, until idle). */
export const useCatalogSearch = (query: URLSearchParams, { enabled = true } = {}) =>
  useQuery({ ...catalogSearchQueryOptions(query), enabled });

/** A product page's related parts: the first of its category (the product itself may be one). */
export const relatedPartsQuery = (categorySlug: string) =>
  new URLSearchParams({ category: categorySlug, limit: '5' });
