import type {
  BrandCount,
  CatalogProduct,
  CategoryNode,
  SearchQuery,
  SearchResult,
} from '@proper-parts/domain/catalog-search';
import type { CatalogScope } from '@proper-parts/domain/company-catalogs';

/**
 * A search as the server runs it: the query, and for a member of a restricted company (issue 35,
 * decision 039) the part of the catalog they may see. The scope is part of every cache key the
 * search is kept under, so a scoped answer is never given to anyone without that scope.
 */
export type ScopedQuery = SearchQuery & {
  scope?: CatalogScope;
  /**
   * The category's id and those of every category below it, read before the search's statements
   * are planned (postgres-catalog-search.ts), so that PostgreSQL estimates the category's parts
   * from its statistics: as `any(array(subquery))` it took any category for ten of them.
   */
  categoryIds?: string[];
};

/**
 * Finding parts in the catalog (issue 16). PostgreSQL is its one driver today
 * (postgres-catalog-search.ts: part-number keys, full text and trigrams in the shop's own
 * database); docs/scaling.md says when a search engine fed from the change feed would take over
 * behind this interface. Throws AppError('INVALID') for a cursor it did not give.
 */
export interface CatalogSearch {
  search(query: ScopedQuery): Promise<SearchResult>;
  /** A live product by slug (or by id), with its specifications and cross-references. */
  product(slugOrId: string): Promise<CatalogProduct | undefined>;
  /** Brands A–Z with their live products' count (within a scope: only those it shows). */
  brands(scope?: CatalogScope): Promise<BrandCount[]>;
  /** The category tree; each count includes the categories below it (within a scope: only those it shows). */
  categories(scope?: CatalogScope): Promise<CategoryNode[]>;
}

/** Part numbers as buyers type them, reduced to letters and digits (as the `*_key` columns are). */
export const partNumberKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
