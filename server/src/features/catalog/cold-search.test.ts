import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEARCH_EXACT_COUNT_UP_TO, searchQuery } from '@proper-parts/domain/catalog-search';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogSamples } from '../../../../bench/lib/catalog-samples.mjs';
import { buildTestApp } from '../../../test/helper.ts';
import { testPasswordHashing } from '../../../test/test-passwords.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { partNumberKey } from './catalog-search.ts';
import { seedDemoCatalog } from './demo-seed.ts';
import { postgresCatalogSearch } from './postgres-catalog-search.ts';

interface Result {
  items: { sku: string; name: string }[];
  nextCursor: string | null;
  total: number;
  totalIsLowerBound: boolean;
}

/**
 * Issue 32, cold search: with `CATALOG_CACHE=off` every answer is read from the database, and it
 * must be the answer the cache gives. A sample of the catalog bench's own query lists
 * (bench/lib/catalog-samples.mjs) asked of two apps on one database: one with the cache (asked
 * twice, the second answer from memory), one without. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
describe('cold search: CATALOG_CACHE=off answers what the cache answers (issue 32)', async () => {
  const cached = await buildTestApp();
  await seedDemoCatalog(cached.db);
  const uploadsDir = mkdtempSync(join(tmpdir(), 'pp-test-uploads-'));
  const cold = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'http://localhost:3000',
      CATALOG_CACHE: 'off',
    }),
    db: cached.db,
    dbKind: cached.dbKind,
    logger: false,
    uploadsDir,
    passwordHashing: testPasswordHashing,
  });
  await cold.ready();
  // Before the shared database closes (after-hooks run last first).
  afterAll(async () => {
    await cold.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  const client = (
    cached.db as unknown as {
      $client: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> };
    }
  ).$client;
  const samples = await catalogSamples(
    async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[],
  );
  const every = <T>(list: T[], n: number) =>
    list.filter((_, i) => i % Math.max(1, Math.floor(list.length / n)) === 0).slice(0, n);

  const get = async (app: typeof cold, url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json().data;
  };
  const search = (text: string) => `/api/v1/catalog/search?q=${encodeURIComponent(text)}`;
  const urls = [
    ...every(samples.skus, 4).map(search),
    ...every(samples.prefixes, 4).map(search),
    ...every(samples.oneWord, 4).map(search),
    ...every(samples.threeWords, 4).map(search),
    ...every(samples.typos, 3).map(search),
    ...every(samples.facets, 3).map(
      (f) =>
        `/api/v1/catalog/search?category=${f.category}&brand=${f.brands[0]}&brand=${f.brands[1]}&attr.${f.attribute}=${f.min}..${f.max}`,
    ),
    ...every(samples.slugs, 4).map((slug) => `/api/v1/catalog/products/${slug}`),
  ];

  it("samples every shape of the bench's lists", () => {
    for (const list of ['skus', 'prefixes', 'oneWord', 'threeWords', 'typos', 'facets'] as const)
      expect(samples[list].length, list).toBeGreaterThan(0);
  });

  it('each sampled search and product: the cold answer is the cached one', async () => {
    for (const url of urls) {
      await get(cached, url);
      const fromCache = await get(cached, url);
      expect(await get(cold, url), url).toEqual(fromCache);
    }
  });

  it('a third page by cursor (a category, newest first): the same items either way', async () => {
    const top = (await get(cold, '/api/v1/catalog/search')).facets.categories[0].slug as string;
    const pages = async (app: typeof cold) => {
      let data: Result = await get(app, `/api/v1/catalog/search?category=${top}&limit=24`);
      for (let page = 2; page <= 3; page++) {
        expect(data.nextCursor).not.toBeNull();
        data = await get(
          app,
          `/api/v1/catalog/search?category=${top}&limit=24&cursor=${encodeURIComponent(data.nextCursor ?? '')}`,
        );
      }
      return data.items.map((item) => item.sku);
    };
    const cachedPage = await pages(cached);
    expect(cachedPage).toHaveLength(24);
    expect(await pages(cold)).toEqual(cachedPage);
  });

  it(`counts exactly up to ${SEARCH_EXACT_COUNT_UP_TO}, then says "${SEARCH_EXACT_COUNT_UP_TO}+"`, async () => {
    // The whole demo catalog (10,000 parts) is past the bound.
    const all: Result = await get(cold, '/api/v1/catalog/search');
    expect(all.total).toBe(SEARCH_EXACT_COUNT_UP_TO);
    expect(all.totalIsLowerBound).toBe(true);
    const { rows } = await client.query('select count(*)::int as n from products');
    const n = (rows as { n: number }[])[0]?.n ?? 0;
    expect(n).toBeGreaterThan(SEARCH_EXACT_COUNT_UP_TO);
    // A narrow search is counted exactly.
    const sku = samples.skus[0] ?? '';
    const one: Result = await get(cold, search(sku));
    expect(one.totalIsLowerBound).toBe(false);
    expect(one.total).toBeLessThan(SEARCH_EXACT_COUNT_UP_TO);
  });

  it('a bound changes the count, never the ranking: the part number first', async () => {
    const word = samples.oneWord[0] ?? '';
    const exact = postgresCatalogSearch(cached.db, undefined, { exactCountUpTo: 1_000_000 });
    const bounded = postgresCatalogSearch(cached.db, undefined, { exactCountUpTo: 5 });
    const broad = searchQuery.parse({ q: word });
    const counted = await exact.search(broad);
    const capped = await bounded.search(broad);
    expect(counted.total).toBeGreaterThan(5);
    expect(counted.totalIsLowerBound).toBe(false);
    expect(capped).toMatchObject({ total: 5, totalIsLowerBound: true });
    expect(capped.items).toEqual(counted.items);
    // A part number typed as buyers type it (lower case, no dashes) finds that part first.
    for (const sku of every(samples.skus, 5)) {
      const found = await bounded.search(searchQuery.parse({ q: partNumberKey(sku) }));
      expect(found.items[0]?.sku, sku).toBe(sku);
      const answered: Result = await get(cold, search(sku));
      expect(answered.items[0]?.sku, sku).toBe(sku);
    }
  });

  it('cold reads keep nothing: the cache-off app answers a change at once', async () => {
    const sku = samples.skus[1] ?? '';
    const before: Result = await get(cold, search(sku));
    expect(before.items[0]?.sku).toBe(sku);
    await client.query('update products set name = $1 where sku = $2', ['Renamed cold part', sku]);
    const after: Result = await get(cold, search(sku));
    expect(after.items[0]?.name).toBe('Renamed cold part');
  });
});
