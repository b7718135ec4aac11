import { SEARCH_EXACT_COUNT_UP_TO } from '@proper-parts/domain/catalog-search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import type { ResponseCache } from '../../http/response-cache.ts';
import { attributeFacets } from './attribute-facets.ts';
import { categoryTree, listBrands } from './catalog-lists.ts';
import type { CatalogSearch, ScopedQuery } from './catalog-search.ts';
import { readProduct } from './product-read.ts';
import { readsByClass, relevancePage } from './relevance-page.ts';
import {
  and,
  conditions,
  probesAttributes,
  sortKey,
  textMatch,
  withCategoryIds,
} from './search-conditions.ts';
import { type Counts, type CountsExtras, countsQuery } from './search-counts.ts';
import { decodeCursor, encodeCursor, type Mode } from './search-cursor.ts';
import { fromJson, ITEM_COLUMNS, type ItemRow, toItem } from './search-items.ts';
import { correctedQuery } from './typo-correction.ts';

/**
 * `countsCache`: where the result count and facets of a query are kept (a cache keyed by the query
 * without cursor, sort and limit): every page of one search shares them, so a deep page costs
 * its keyset read only. `exactCountUpTo`: where counting stops (a test's small bound).
 */
/** A row of a first page read with its counts: its id and relevance class. */
type PageRow = { id: string; k: number };

export function postgresCatalogSearch(
  db: Database,
  countsCache?: ResponseCache<Counts>,
  { exactCountUpTo = SEARCH_EXACT_COUNT_UP_TO }: { exactCountUpTo?: number } = {},
): CatalogSearch {
  return {
    async search(given) {
      const asked = await withCategoryIds(db, given);
      const requestedSort = asked.sort ?? (asked.q ? 'relevance' : 'newest');
      const cursor = asked.cursor
        ? decodeCursor(asked.cursor, requestedSort, Boolean(asked.q))
        : undefined;
      // A first page (by relevance, or by a key) is read with its counts when they are read (not
      // kept): the page of the counts this request read, never of a read another request shares.
      let readWithPage: { counts: Counts; page?: PageRow[]; keyed?: string[] } | undefined;
      const countsOf = async (query: ScopedQuery): Promise<Counts> => {
        const extras: CountsExtras = { attributeFacets: Boolean(query.category) };
        if (!cursor && requestedSort === 'relevance' && query.q)
          extras.firstPage = { take: query.limit + 1, rank: textMatch(query.q).rank };
        else if (!cursor) {
          const { key, desc } = sortKey(query, undefined);
          extras.keyedPage = { take: query.limit + 1, key, desc };
        }
        const read = async () => {
          const [row] = await rowsOf<Counts>(db, countsQuery(query, exactCountUpTo, extras));
          if (!row) throw new Error('the counts query answered no row');
          const { page, keyed, ...counts } = row;
          readWithPage = {
            counts,
            page: page === undefined ? undefined : fromJson(page),
            keyed: keyed == null ? undefined : fromJson(keyed),
          };
          return counts;
        };
        const { cursor: _c, sort: _s, limit: _l, categoryIds: _i, ...filters } = query;
        const counts = countsCache
          ? await countsCache.get(JSON.stringify(filters), read)
          : undefined;
        return counts ?? read();
      };
      let mode: Mode = cursor?.mode ?? 'words';
      let query = asked;
      let didYouMean: string | null = null;
      if (mode === 'typos' && asked.q) {
        didYouMean = await correctedQuery(db, asked.q);
        if (didYouMean) query = { ...asked, q: didYouMean };
      }
      let counts = await countsOf(query);
      if (!cursor && Number(counts.total) === 0 && asked.q) {
        didYouMean = await correctedQuery(db, asked.q);
        if (didYouMean) {
          mode = 'typos';
          query = { ...asked, q: didYouMean };
          counts = await countsOf(query);
          // A suggestion that finds nothing either is not worth showing.
          if (Number(counts.total) === 0) didYouMean = null;
        }
      }
      const total = Number(counts.total);
      // No part's number begins with the words: their number classes are left out.
      const numbered = counts.numbered !== false;
      const words = query.q ? textMatch(query.q, { numbered }) : undefined;
      const { sort, key, desc, cast } = sortKey(query, words);
      const probeAttributes = probesAttributes(query);
      const direction = desc ? sql`desc` : sql`asc`;
      let top: SQL;
      // A broad search's pages read class by class (decision 044); fewer matches than the
      // count's bound are ranked all at once (reading each class would repeat their look-up).
      const readHere = readWithPage?.counts === counts ? readWithPage : undefined;
      const ranked = readHere?.page;
      if (readHere?.keyed && !(sort === 'relevance' && words)) {
        top = sql`select p.id, ${key} as sort_key from products p
          where p.id = any(${sql.param(readHere.keyed)}::uuid[])`;
      } else if (ranked && sort === 'relevance' && counts.capped !== true) {
        top = sql`select t.id, t.sort_key from unnest(
          ${sql.param(ranked.map((row) => row.id))}::uuid[],
          ${sql.param(ranked.map((row) => Number(row.k)))}::int[]) as t(id, sort_key)`;
      } else if (sort === 'relevance' && words && counts.capped === true && readsByClass(query)) {
        const filters = conditions({ ...query, q: undefined }, null, { probeAttributes });
        top = relevancePage(
          filters,
          words.classes,
          query.limit + 1,
          words.oneWord,
          cursor ? { rank: Number(cursor.value), id: cursor.id } : undefined,
        );
      } else {
        const where = conditions(query, null, { probeAttributes, numbered });
        if (cursor)
          where.push(
            desc
              ? sql`(${key}, p.id) < (${cursor.value}::${cast}, ${cursor.id}::uuid)`
              : sql`(${key}, p.id) > (${cursor.value}::${cast}, ${cursor.id}::uuid)`,
          );
        // The page's ids by their key first (narrow rows to sort: a category's 80,000 newest
        // first, or every match after a relevance cursor), its columns for those alone.
        top = sql`
          select p.id, ${key} as sort_key
          from products p
          where ${and(where)}
          order by sort_key ${direction}, p.id ${direction}
          limit ${query.limit + 1}`;
      }
      const found = await rowsOf<ItemRow>(
        db,
        sql`
        select ${ITEM_COLUMNS}, top.sort_key::text as sort_value
        from (${top}) top
        join products p on p.id = top.id
        left join brands b on b.id = p.brand_id
        left join categories c on c.id = p.category_id
        order by top.sort_key ${direction}, top.id ${direction}`,
      );
      const page = found.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        found.length > query.limit && last
          ? encodeCursor({ sort, mode, value: last.sort_value, id: last.id })
          : null;

      return {
        items: page.map(toItem),
        nextCursor,
        total,
        totalIsLowerBound: counts.capped === true,
        facets: {
          brands: fromJson(counts.brands).map((b) => ({ ...b, count: Number(b.count) })),
          categories: fromJson(counts.categories).map((c) => ({ ...c, count: Number(c.count) })),
          inStock: Number(counts.in_stock),
          price:
            counts.min_price == null || counts.max_price == null
              ? null
              : { min: Number(counts.min_price) / 100, max: Number(counts.max_price) / 100 },
          attributes: counts.attributes ? attributeFacets(fromJson(counts.attributes)) : [],
        },
        didYouMean,
      };
    },

    product: (slug) => readProduct(db, slug),
    brands: (scope) => listBrands(db, scope),
    categories: (scope) => categoryTree(db, scope),
  };
}
