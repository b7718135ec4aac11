import type { SearchQuery, SearchResult } from '@proper-parts/domain/catalog-search';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { CatalogSearch } from './catalog-search.ts';
import {
  catalogSearchAnswers,
  SEARCH_QUEUE_MAX,
  SEARCH_READS_AT_ONCE,
} from './catalog-search-cache.ts';

const empty: SearchResult = {
  items: [],
  nextCursor: null,
  total: 0,
  totalIsLowerBound: false,
  facets: { brands: [], categories: [], inStock: 0, price: null, attributes: [] },
  didYouMean: null,
};

const query = (q: string): SearchQuery => ({
  q,
  category: undefined,
  brands: [],
  inStock: false,
  minPrice: undefined,
  maxPrice: undefined,
  vehicle: undefined,
  sort: undefined,
  cursor: undefined,
  limit: 24,
  attributes: [],
});

/**
 * The layer between the routes and PostgreSQL (decision 017): how many searches it lets run at
 * once, and that callers of one key share one read. The search below it is a recorder, so that
 * the test sees how many run together; the real one is covered by catalog-search.test.ts and
 * catalog-cache.test.ts through the API.
 */
describe('catalog search answers', () => {
  const feed: ChangeFeed = {
    live: true,
    subscribe: () => {},
    emit: () => {},
    close: async () => {},
  };
  const app = { changes: feed, config: { CATALOG_CACHE: 'on' } } as unknown as FastifyInstance;

  it(`runs at most ${SEARCH_READS_AT_ONCE} searches at once; callers of one key share a read`, async () => {
    let running = 0;
    let most = 0;
    let calls = 0;
    const recorder = {
      async search() {
        calls++;
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        return empty;
      },
    } as unknown as CatalogSearch;
    const answers = catalogSearchAnswers(app, recorder);
    const asked = Array.from(
      { length: 12 },
      async (_, i) => (await answers.search(query(`word${i % 6}`))).body,
    );
    const bodies = await Promise.all(asked);
    expect(most).toBe(SEARCH_READS_AT_ONCE);
    expect(calls).toBe(6);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ success: true, data: empty });
  });

  it('tells a caller to come back (503) when too many wait, and still answers those that wait', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = {
      async search() {
        await gate;
        return empty;
      },
    } as unknown as CatalogSearch;
    const answers = catalogSearchAnswers(app, slow);
    const waiting = Array.from({ length: SEARCH_QUEUE_MAX }, (_, i) =>
      answers.search(query(`q${i}`)),
    );
    await expect(answers.search(query('one too many'))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    release();
    expect(await Promise.all(waiting)).toHaveLength(SEARCH_QUEUE_MAX);
  });
});
