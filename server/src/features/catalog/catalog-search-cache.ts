import {
  brandList,
  catalogProduct,
  categoryTree,
  searchResult,
} from '@proper-parts/domain/catalog-search';
import type { CatalogScope } from '@proper-parts/domain/company-catalogs';
import { successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import { AppError } from '../../errors.ts';
import { serializeEnvelope } from '../../http/cached-json.ts';
import { createResponseCache } from '../../http/response-cache.ts';
import { LOCAL_WRITE } from '../../plugins/change-feed.ts';
import type { CatalogSearch, ScopedQuery } from './catalog-search.ts';
import type { Counts } from './search-counts.ts';

/**
 * How old a search answer may be before it is read again (in the background: the old one is
 * answered meanwhile). Edits, imports and deletions notify and are seen at once; stock taken by
 * orders notifies no one (docs/decisions/014), so a list's stock figures may be this old. The
 * product page (500 ms, as `/tools/{id}`) and the order itself are exact (docs/decisions/017).
 * At 5 s, re-reading 80 broad searches kept both cores of the bench machine busy at 10^6 products.
 */
export const SEARCH_MAX_AGE_MS = 30_000;

/**
 * Searches read from PostgreSQL at once, per process; the rest wait their turn in memory. A broad
 * search keeps a core busy for a few hundred ms at 10^6 products: fifty of them at once each took
 * seconds, past the statement bound (503s), where two at a time finish in turn.
 */
export const SEARCH_READS_AT_ONCE = 2;
/** Past this many waiting, a new search is told to come back (503) rather than wait for seconds. */
export const SEARCH_QUEUE_MAX = 100;

/**
 * How old a product's answer may be (its stock) before it is read again in the background; the
 * order form (`/tools/{id}`, 0.5 s) and the order itself are exact.
 */
export const PRODUCT_MAX_AGE_MS = 5_000;

/** Brand and category counts change with the catalog, never with stock: kept until a change. */
const TREE_MAX_AGE_MS = 60_000;

const searchAnswer = successEnvelope(searchResult);
const productAnswer = successEnvelope(catalogProduct);
const brandsAnswer = successEnvelope(brandList);
const categoriesAnswer = successEnvelope(categoryTree);

/** The tables a catalog answer is read from (only `products` notifies; the rest are written with it). */
const CATALOG_TABLES = ['products', LOCAL_WRITE] as const;

/**
 * A cache of catalog answers: dropped on any notified catalog change, re-read in the background
 * once `maxAgeMs` old (decision 017).
 */
const catalogAnswers = <T = string>(
  name: string,
  app: FastifyInstance,
  maxEntries: number,
  maxAgeMs: number,
) =>
  createResponseCache<T>({
    name,
    feed: app.changes,
    tables: CATALOG_TABLES,
    maxEntries,
    maxAgeMs,
    refreshInBackground: true,
    off: app.config.CATALOG_CACHE === 'off',
  });

/** A search's count and facets, kept apart from its pages (search-counts.ts). */
export const searchCountsCache = (app: FastifyInstance) =>
  catalogAnswers<Counts>('search-counts', app, 1_000, SEARCH_MAX_AGE_MS);

/**
 * Serialized answers of the public catalog reads (docs/decisions/017): a search is keyed by its
 * parsed query (so `?q=a&brand=x` and `?brand=x&q=a` share one entry), a product by slug. Many
 * callers of one key at once wait for one read. Bounded: a search answer with its facets is
 * ~10–30 KB, so at most 1,000 of them (~30 MB) are held.
 */
export function catalogSearchAnswers(app: FastifyInstance, search: CatalogSearch) {
  const searches = catalogAnswers('search', app, 1_000, SEARCH_MAX_AGE_MS);
  // Re-read for its stock, but not on a request's time: at 0.5 s, 500 products viewed at once
  // asked PGlite's one connection (in this process) for 1,000 reads a second.
  const products = catalogAnswers('catalog-product', app, 5_000, PRODUCT_MAX_AGE_MS);
  const lists = catalogAnswers('catalog-lists', app, 2, TREE_MAX_AGE_MS);
  // Issue 35, decision 039: the brands and categories a restricted company's members see, by
  // scope (a scope holds only catalog slugs: two companies limited alike share an answer).
  const scopedLists = catalogAnswers('catalog-scoped-lists', app, 200, TREE_MAX_AGE_MS);
  const reads = pLimit(SEARCH_READS_AT_ONCE);
  const read = <T>(work: () => Promise<T>) => {
    if (reads.pendingCount >= SEARCH_QUEUE_MAX)
      throw new AppError('UNAVAILABLE', 'The catalog is busy. Try again in a moment.');
    return reads(work);
  };

  return {
    /** Keyed by the whole query, its scope included: a scoped answer reaches only that scope. */
    search: (query: ScopedQuery) =>
      searches.answer(JSON.stringify(query), async () =>
        serializeEnvelope(searchAnswer, {
          success: true,
          data: await read(() => search.search(query)),
        }),
      ),
    /** Its body is `undefined` when no live product has that slug (or id). */
    product: (slugOrId: string) =>
      products.answer(slugOrId, async () => {
        const found = await search.product(slugOrId);
        return found && serializeEnvelope(productAnswer, { success: true, data: found });
      }),
    brands: (scope?: CatalogScope) =>
      (scope ? scopedLists : lists).answer(
        scope ? JSON.stringify(['brands', scope]) : 'brands',
        async () =>
          serializeEnvelope(brandsAnswer, {
            success: true,
            data: await read(() => search.brands(scope)),
          }),
      ),
    categories: (scope?: CatalogScope) =>
      (scope ? scopedLists : lists).answer(
        scope ? JSON.stringify(['categories', scope]) : 'categories',
        async () =>
          serializeEnvelope(categoriesAnswer, {
            success: true,
            data: await read(() => search.categories(scope)),
          }),
      ),
  };
}

/** The public catalog's answers (`catalogSearchAnswers`): the routes' and the server renderer's. */
export type CatalogAnswers = ReturnType<typeof catalogSearchAnswers>;
