import type {
  BrandCount,
  CatalogProduct,
  CategoryNode,
  SearchQuery,
  SearchResult,
} from '@proper-parts/domain/catalog-search';

/**
 * Finding parts in the catalog (issue 16). PostgreSQL is its one driver today
 * (postgres-catalog-search.ts: part-number keys, full text and trigrams in the shop's own
 * database); docs/scaling.md says when a search engine fed from the change feed would take over
 * behind this interface. Throws AppError('INVALID') for a cursor it did not give.
 */
export interface CatalogSearch {
  search(query: SearchQuery): Promise<SearchResult>;
  /** A live product by slug (or by id), with its specifications and cross-references. */
  product(slugOrId: string): Promise<CatalogProduct | undefined>;
  /** Brands A–Z with their live products' count. */
  brands(): Promise<BrandCount[]>;
  /** The category tree; each count includes the categories below it. */
  categories(): Promise<CategoryNode[]>;
}

/** Part numbers as buyers type them, reduced to letters and digits (as the `*_key` columns are). */
export const partNumberKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
