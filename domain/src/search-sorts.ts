/** The catalog search's orders (`sort=`). Zod-free: the public `/products` page lists them. */
export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
