import { SEARCH_EXACT_COUNT_UP_TO, searchQuery } from '@proper-parts/domain/catalog-search';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { buildTestApp, changesSettled } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';
import { products } from '../../db/schema.ts';
import { seedDemoCatalog } from './demo-seed.ts';
import { postgresCatalogSearch } from './postgres-catalog-search.ts';
import { readsByClass, relevancePage } from './relevance-page.ts';
import { textMatch } from './search-conditions.ts';
import { type Counts, countsQuery } from './search-counts.ts';

interface Item {
  _id: string;
  sku: string;
  slug: string;
  name: string;
  brand: { slug: string; name: string } | null;
  category: { slug: string; name: string } | null;
  price: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
}
interface Counted {
  slug: string;
  name: string;
  count: number;
}
interface Result {
  items: Item[];
  nextCursor: string | null;
  total: number;
  facets: {
    brands: Counted[];
    categories: Counted[];
    inStock: number;
    price: { min: number; max: number } | null;
    attributes: {
      name: string;
      unit: string | null;
      min: number | null;
      max: number | null;
      values: { value: string; count: number }[];
    }[];
  };
  didYouMean: string | null;
}
interface Node {
  slug: string;
  count: number;
  children: Node[];
}

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('GET /api/v1/catalog/search and the catalog reads (issue 16)', async () => {
  const app = await buildTestApp();
  await seedDemoCatalog(app.db);

  const search = async (query: string): Promise<Result> => {
    const res = await app.inject({ url: `/api/v1/catalog/search?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** Every page of a search, by its cursor. */
  const all = async (query: string, between?: (page: number) => Promise<void>) => {
    const items: Item[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page++) {
      const result: Result = await search(
        `${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...result.items);
      cursor = result.nextCursor;
      if (!cursor) break;
      await between?.(page);
    }
    return items;
  };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await app.db.execute(query)).rows as T[];
  const tree: Node[] = (await app.inject({ url: '/api/v1/catalog/categories' })).json().data;
  const subtree = (slug: string): Set<string> => {
    const find = (nodes: Node[]): Node | undefined => {
      for (const node of nodes) {
        if (node.slug === slug) return node;
        const below = find(node.children);
        if (below) return below;
      }
    };
    const slugs = new Set<string>();
    const walk = (node: Node) => {
      slugs.add(node.slug);
      node.children.forEach(walk);
    };
    const root = find(tree);
    if (root) walk(root);
    return slugs;
  };

  describe('ranking', () => {
    it.each([
      'BRG-6204-2RS',
      'brg-6204-2rs',
      'brg62042rs',
      'BRG 6204 2RS',
      '6204-2RS',
      '6204 2rs',
      '62042RS',
    ])('an exact part number comes first: %s', async (q) => {
      const { items } = await search(`q=${encodeURIComponent(q)}`);
      expect(items[0]?.sku).toBe('BRG-6204-2RS');
    });

    it('a partial number lists the parts it begins, first: brg6204 and BRG-62', async () => {
      const exactFirst = await search('q=brg6204');
      expect(exactFirst.items.slice(0, 3).map((i) => i.sku.slice(0, 8))).toEqual([
        'BRG-6204',
        'BRG-6204',
        'BRG-6204',
      ]);
      const prefix = await search(`q=${encodeURIComponent('BRG-62')}&limit=50`);
      expect(prefix.total).toBeGreaterThan(50);
      for (const item of prefix.items) expect(item.sku).toMatch(/^BRG-62/);
    });

    it('a cross-reference, typed with other case and spacing, finds its part first', async () => {
      const [reference] = await rows<{ number: string; product_id: string }>(
        sql`select number, product_id from cross_references where kind = 'oem' order by number limit 1`,
      );
      const owners = await rows<{ product_id: string }>(
        sql`select product_id from cross_references where number_key = regexp_replace(lower(${reference?.number}), '[^a-z0-9]', '', 'g')`,
      );
      const typed = (reference?.number ?? '').toLowerCase().replace('-', ' ');
      const { items } = await search(`q=${encodeURIComponent(typed)}`);
      expect(owners.map((o) => o.product_id)).toContain(items[0]?._id);
    });

    it('words match with English stemming, ranked, names first', async () => {
      const { items, total } = await search('q=tapered+bearings');
      expect(total).toBeGreaterThan(10);
      expect(items[0]?.name).toMatch(/Tapered Roller Bearing/);
      expect(items[0]?.category?.slug).toBe('tapered-roller-bearings');
    });

    it('ranks by class (decision 044): the words in the name, then in the brand or category, then anywhere', async () => {
      const made = [
        await createProduct(app, { name: 'Plain Gear Quuxolite', description: 'a gear' }),
        // In the description only, and in the category's name only (set below): lower classes.
        await createProduct(app, { name: 'Plain Gear Two', description: 'quuxolite compatible' }),
        await createProduct(app, { name: 'Plain Gear Three', description: 'a gear' }),
        await createProduct(app, { name: 'Plain Gear Quuxolite Four', description: 'a gear' }),
      ];
      const [named, described, categorized, alsoNamed] = made;
      try {
        await app.db.execute(sql`insert into categories (slug, name) values ('quuxolite-gears', 'Quuxolite gears')
          on conflict do nothing`);
        await app.db.execute(sql`update products set category_id = (select id from categories where slug = 'quuxolite-gears')
          where id = ${categorized?.id}`);
        await changesSettled(app);
        const { items } = await search('q=quuxolite');
        const names = [named, alsoNamed]
          .map((p) => p?.id)
          .sort()
          .reverse();
        expect(items.map((i) => i._id)).toEqual([...names, categorized?.id, described?.id]);
        // A word the query excludes, found in a field the class leaves out, excludes the part.
        const without = await search(`q=${encodeURIComponent('quuxolite -compatible')}`);
        expect(without.items.map((i) => i._id)).not.toContain(described?.id);
        expect(without.items).toHaveLength(3);
      } finally {
        for (const product of made)
          await app.db
            .update(products)
            .set({ deletedAt: new Date() })
            .where(eq(products.id, product?.id ?? ''));
        await changesSettled(app);
      }
    });

    it.each([
      'bearing',
      'zinc bolt',
      'BRG-62',
      'brg6204',
      'tapered bearings',
      'bearing -ball',
      'steel',
    ])(
      'the first page, read class by class, and the pages after it are every match ranked: %s',
      async (q) => {
        const key = q.toLowerCase().replace(/[^a-z0-9]/g, '');
        const byNumber = key.length >= 2;
        // Written out apart from search-conditions.ts: the definition of decision 044.
        const expected = await rows<{ id: string }>(sql`
          with q as (select websearch_to_tsquery('english', ${q}) as words),
          m as (
            select p.id, case
              when ${byNumber} and (p.sku_key = ${key} or p.mpn_key = ${key} or exists (
                select 1 from cross_references x where x.product_id = p.id and x.number_key = ${key})) then 4
              when ${byNumber} and (p.sku_key like ${`${key}%`} or p.mpn_key like ${`${key}%`} or exists (
                select 1 from cross_references x where x.product_id = p.id and x.number_key like ${`${key}%`})) then 3
              when ts_filter(p.search_vector, '{a}') @@ q.words and p.search_vector @@ q.words then 2
              when ts_filter(p.search_vector, '{a,b}') @@ q.words and p.search_vector @@ q.words then 1
              else 0 end as rank
            from products p, q
            where p.deleted_at is null and (p.search_vector @@ q.words or (${byNumber} and (
              p.sku_key like ${`${key}%`} or p.mpn_key like ${`${key}%`} or exists (
                select 1 from cross_references x where x.product_id = p.id and x.number_key like ${`${key}%`})))))
          select id from m order by rank desc, id desc`);
        expect(expected.length, q).toBeGreaterThan(5);
        const first = await search(`q=${encodeURIComponent(q)}&limit=20`);
        expect(first.items.map((i) => i._id)).toEqual(expected.slice(0, 20).map((r) => r.id));
        const every = await all(`q=${encodeURIComponent(q)}`);
        expect(every.map((i) => i._id)).toEqual(expected.map((r) => r.id));
        // Within the count's bound, a first page read with its counts (no cache: each read is
        // this request's): ranked from the counts' rows, then only its own rows read.
        const statements: string[] = [];
        const dialect = new PgDialect();
        const uncached = postgresCatalogSearch({
          execute: (query: SQL) => {
            statements.push(dialect.sqlToQuery(query).sql);
            return app.db.execute(query);
          },
        } as unknown as typeof app.db);
        for (const limit of [1, 3, 20]) {
          statements.length = 0;
          const page = await uncached.search(searchQuery.parse({ q, limit }));
          expect(page.items.map((i) => i._id)).toEqual(expected.slice(0, limit).map((r) => r.id));
          const within = expected.length <= SEARCH_EXACT_COUNT_UP_TO;
          expect(page.totalIsLowerBound).toBe(!within);
          expect(statements, `${q} ${limit}`).toHaveLength(2);
          expect(statements[1]?.includes('unnest('), `${q} ${limit}`).toBe(within);
        }
        // Past the count's bound (5 here) the first page is read class by class.
        const bounded = postgresCatalogSearch(app.db, undefined, { exactCountUpTo: 5 });
        for (const limit of [1, 3, 20]) {
          const page = await bounded.search(searchQuery.parse({ q, limit }));
          expect(page.totalIsLowerBound).toBe(true);
          expect(
            page.items.map((i) => i._id),
            `${q} ${limit}`,
          ).toEqual(expected.slice(0, limit).map((r) => r.id));
        }
        // And every page after it, read from its cursor class by class.
        const paged: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await bounded.search(
            searchQuery.parse({ q, limit: 7, ...(cursor ? { cursor } : {}) }),
          );
          paged.push(...page.items.map((i) => i._id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(paged, q).toEqual(expected.map((r) => r.id));
      },
    );

    /** For each class's read of `page`: whether it scanned the products (a gated one never does). */
    const classReads = async (page: ReturnType<typeof relevancePage>) => {
      const [plan] = await rows<{ 'QUERY PLAN': unknown }>(
        sql`explain (analyze, format json) ${page}`,
      );
      const loops = new Map<string, number>();
      const walk = (node: Record<string, unknown>, read?: string) => {
        const name = node['Subplan Name'];
        // A part number's class is read whole first (`wholeN`), then ordered (`cN`).
        const match = typeof name === 'string' ? /^CTE (?:c|whole)(\d)$/.exec(name) : null;
        const within = match ? `c${match[1]}` : read;
        if (within && node['Relation Name'] === 'products')
          loops.set(within, Math.max(loops.get(within) ?? 0, Number(node['Actual Loops'])));
        for (const below of (node.Plans ?? []) as Record<string, unknown>[]) walk(below, within);
      };
      const [root] = (plan?.['QUERY PLAN'] ?? []) as { Plan: Record<string, unknown> }[];
      walk(root?.Plan ?? {});
      return Object.fromEntries(loops);
    };

    it('reads no class after the one that fills the page', async () => {
      const words = textMatch('bearing');
      const page = relevancePage([sql`p.deleted_at is null`], words.classes, 3, true);
      // The exact number and its beginning find nothing; the name's words fill the page.
      expect(await classReads(page)).toEqual({ c0: 1, c1: 1, c2: 1, c3: 0, c4: 0 });
    });

    it("leaves out the part-number classes while no live part's number begins with the words", async () => {
      const numbered = async (q: string) => {
        const [counts] = await rows<Counts>(countsQuery(searchQuery.parse({ q })));
        return counts?.numbered;
      };
      expect(await numbered('bearing')).toBe(false);
      expect(await numbered('brg 62')).toBe(true);
      const [reference] = await rows<{ number: string }>(
        sql`select number from cross_references order by number limit 1`,
      );
      expect(await numbered(reference?.number ?? '')).toBe(true);
      expect(await numbered('b')).toBeUndefined();
      expect(textMatch('bearing', { numbered: false }).classes.map((c) => c.rank)).toEqual([
        2, 1, 0,
      ]);
      // A part numbered after the word: found first, before the names; deleted, gone again.
      const added = await createProduct(app, { name: 'Plain Washer', sku: 'BEARINGX-1' });
      await changesSettled(app);
      expect(await numbered('bearing')).toBe(true);
      expect((await search('q=bearing')).items[0]?.sku).toBe('BEARINGX-1');
      await app.db.execute(sql`update products set deleted_at = now() where id = ${added.id}`);
      await changesSettled(app);
      expect(await numbered('bearing')).toBe(false);
      expect((await search('q=bearing')).items.map((i) => i.sku)).not.toContain('BEARINGX-1');
    });

    it('reads a later page from its cursor: no better class, none after the one that fills it', async () => {
      const words = textMatch('bearing');
      // A cursor on the 3rd part with "bearing" in its name (class 2): the class has more below.
      const [third] = await rows<{ id: string }>(sql`
        select id from products p where p.deleted_at is null
          and ts_filter(p.search_vector, '{a}') @@ websearch_to_tsquery('english', 'bearing')
        order by id desc offset 2 limit 1`);
      const page = relevancePage([sql`p.deleted_at is null`], words.classes, 3, true, {
        rank: 2,
        id: third?.id ?? '',
      });
      // The classes read: the name's (c0 here), then the title's and anywhere, gated. The exact
      // number and its beginning, better than the cursor, are not in the statement at all.
      expect(await classReads(page)).toEqual({ c0: 1, c1: 0, c2: 0 });
    });

    it('reads by class with no filter, and in key order one word alone: estimates may be wrong', async () => {
      // A category's ids as the search reads them first (withCategoryIds).
      const query = (text: string) => ({
        ...searchQuery.parse(Object.fromEntries(new URLSearchParams(text))),
        categoryIds: [],
      });
      expect(readsByClass(query('q=bearing'))).toBe(true);
      for (const filter of [
        'category=bearings',
        'brand=x',
        'inStock=true',
        'minPrice=1',
        'maxPrice=9',
        'vehicle=3',
        'attr.bore=20',
      ])
        expect(readsByClass(query(`q=bearing&${filter}`)), filter).toBe(false);
      expect(
        readsByClass({ ...query('q=bearing'), scope: { categories: ['bearings'], brands: [] } }),
      ).toBe(false);
      expect(textMatch('bearings').oneWord).toBe(true);
      expect(textMatch(' 6204 ').oneWord).toBe(true);
      // Whether any class is read backwards along the primary key (in key order).
      const inKeyOrder = async (q: string) => {
        const words = textMatch(q);
        const page = relevancePage([sql`p.deleted_at is null`], words.classes, 3, words.oneWord);
        const [plan] = await rows<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${page}`);
        return JSON.stringify(plan?.['QUERY PLAN']).includes('"Scan Direction":"Backward"');
      };
      for (const q of [
        'bearing wrench',
        'BRG-62',
        'bearing -ball',
        '"ball bearing"',
        'bearing,wrench',
      ]) {
        expect(textMatch(q).oneWord, q).toBe(false);
        expect(await inKeyOrder(q), q).toBe(false);
      }
    });

    it('tolerates a typo when the words find nothing, and says what it meant', async () => {
      const exact = await search('q=bearnig');
      expect(exact.total).toBeGreaterThan(0);
      expect(exact.items[0]?.name.toLowerCase()).toContain('bearing');
      expect(exact.didYouMean).toBe('bearing');
      expect((await search('q=bearing')).didYouMean).toBeNull();
    });

    it('knows the words of names added or renamed since (the triggers of migration 0008)', async () => {
      const added = await createProduct(app, { name: 'Zorblax Flange Coupling' });
      try {
        await changesSettled(app);
        const found = await search('q=zorblx+flange');
        expect(found.didYouMean).toBe('zorblax flange');
        expect(found.items.map((item) => item._id)).toContain(added.id);
        await app.db
          .update(products)
          .set({ name: 'Vorpalix Flange Coupling' })
          .where(eq(products.id, added.id));
        await changesSettled(app);
        expect((await search('q=vorplix')).didYouMean).toBe('vorpalix');
        // A part number, or a word that finds something, is never "corrected".
        expect((await search('q=zzqx-9')).didYouMean).toBeNull();
        expect((await search('q=flange')).didYouMean).toBeNull();
      } finally {
        await app.db
          .update(products)
          .set({ deletedAt: new Date() })
          .where(eq(products.id, added.id));
        await changesSettled(app);
      }
    });

    it('pages of a corrected search keep the correction', async () => {
      const first = await search('q=bearnig&limit=5');
      expect(first.nextCursor).not.toBeNull();
      const second = await search(
        `q=bearnig&limit=5&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
      );
      expect(second.didYouMean).toBe('bearing');
      expect(second.total).toBe(first.total);
      const seen = new Set(first.items.map((item) => item._id));
      for (const item of second.items) expect(seen.has(item._id)).toBe(false);
    });
  });

  describe('filters', () => {
    it('category includes its subcategories', async () => {
      const inside = subtree('fasteners');
      expect(inside.size).toBeGreaterThan(3);
      const items = await all('category=fasteners');
      expect(items.length).toBeGreaterThan(500);
      for (const item of items) expect(inside).toContain(item.category?.slug);
      const [{ count } = { count: 0 }] = tree.filter((n) => n.slug === 'fasteners');
      expect(items).toHaveLength(count);
    });

    it('brand is repeatable', async () => {
      const [first, second] = (await search('category=hydraulics')).facets.brands;
      const items = await all(`brand=${first?.slug}&brand=${second?.slug}`);
      expect(new Set(items.map((i) => i.brand?.slug))).toEqual(
        new Set([first?.slug, second?.slug]),
      );
    });

    it('inStock leaves out what cannot be bought', async () => {
      const everything = await search('category=safety');
      const inStock = await all('category=safety&inStock=true');
      expect(inStock.length).toBeLessThan(everything.total);
      for (const item of inStock)
        expect(item.availableQuantity).toBeGreaterThanOrEqual(item.minimumOrderQuantity);
    });

    it('the largest prices and numbers allowed are answered, not a database error', async () => {
      expect((await search('minPrice=100000000')).total).toBe(0);
      // The whole demo catalog (10,000): counted up to the bound (issue 32), "1,000+".
      expect(await search('maxPrice=100000000&limit=1')).toMatchObject({
        total: SEARCH_EXACT_COUNT_UP_TO,
        totalIsLowerBound: true,
      });
      expect((await search(`attr.bore=${'9'.repeat(30)}..`)).total).toBe(0);
      expect((await search(`attr.bore=${'9'.repeat(30)}`)).total).toBe(0);
    });

    it('minPrice and maxPrice bound the price, in dollars', async () => {
      const items = await all('minPrice=10&maxPrice=12.5');
      expect(items.length).toBeGreaterThan(10);
      for (const item of items) {
        expect(item.price).toBeGreaterThanOrEqual(10);
        expect(item.price).toBeLessThanOrEqual(12.5);
      }
    });

    it('attr.<name> takes a value or a min..max range of numbers', async () => {
      const ranged = await all('category=ball-bearings&attr.bore=17..25&attr.seal=metal+shields');
      expect(ranged.length).toBeGreaterThan(5);
      for (const item of ranged.slice(0, 10)) {
        const product = (await app.inject({ url: `/api/v1/catalog/products/${item.slug}` })).json()
          .data;
        const bore = product.attributes.find((a: { name: string }) => a.name === 'bore');
        expect(bore.num).toBeGreaterThanOrEqual(17);
        expect(bore.num).toBeLessThanOrEqual(25);
        expect(product.attributes).toContainEqual(
          expect.objectContaining({ name: 'seal', value: 'metal shields' }),
        );
      }
      const exact = await all('attr.bore=20&category=bearings');
      expect(exact.length).toBeGreaterThan(0);
      expect(exact.length).toBeLessThan(ranged.length + 1000);
    });

    it('all of them together, with words', async () => {
      const items = await all(
        'q=bearing&category=bearings&inStock=true&maxPrice=20&attr.bore=..30&sort=price_desc',
      );
      expect(items.length).toBeGreaterThan(0);
      const inside = subtree('bearings');
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as Item;
        expect(inside).toContain(item.category?.slug);
        expect(item.price).toBeLessThanOrEqual(20);
        expect(item.availableQuantity).toBeGreaterThanOrEqual(item.minimumOrderQuantity);
        if (i > 0) expect(item.price).toBeLessThanOrEqual((items[i - 1] as Item).price);
      }
    });
  });

  it('facet counts equal what paging through the same query with that facet yields', async () => {
    const base = 'q=filter&inStock=true';
    const { facets, total } = await search(base);
    expect(facets.brands.length).toBeGreaterThan(2);
    for (const brand of facets.brands.slice(0, 3)) {
      const items = await all(`${base}&brand=${brand.slug}`);
      expect(items).toHaveLength(brand.count);
    }
    expect(facets.categories.reduce((sum, c) => sum + c.count, 0)).toBe(total);
    for (const category of facets.categories.slice(0, 3)) {
      const items = await all(`${base}&category=${category.slug}`);
      expect(items).toHaveLength(category.count);
    }
    const narrowed = await search(`category=filters&brand=${facets.brands[0]?.slug}`);
    expect(narrowed.facets.categories.map((c) => c.slug)).toEqual(
      expect.arrayContaining([narrowed.facets.categories[0]?.slug]),
    );
  });

  it('facets the chosen category by its specifications, the price range and stock', async () => {
    const base = 'category=ball-bearings&attr.seal=metal+shields&attr.bore=17..25';
    const { facets, total } = await search(`${base}&maxPrice=10`);
    const bore = facets.attributes.find((a) => a.name === 'bore');
    const seal = facets.attributes.find((a) => a.name === 'seal');
    expect(bore).toMatchObject({ unit: 'mm' });
    // Each specification is counted under every filter but its own: bore's range is wider.
    expect(bore?.min).toBeLessThan(17);
    expect(bore?.max).toBeGreaterThan(25);
    expect(seal?.values.length).toBeGreaterThan(1);
    for (const { value, count } of seal?.values.slice(0, 2) ?? []) {
      const items = await all(
        `category=ball-bearings&attr.bore=17..25&maxPrice=10&attr.seal=${encodeURIComponent(value)}`,
      );
      expect(items).toHaveLength(count);
    }
    // The price range leaves out the query's own price bounds; inStock counts with it added.
    const unbounded = await all(base);
    const prices = unbounded.map((item) => item.price);
    expect(facets.price).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    const inStock = await all(`${base}&maxPrice=10&inStock=true`);
    expect(facets.inStock).toBe(inStock.length);
    expect(total).toBeGreaterThanOrEqual(inStock.length);
    // No category, or a broad one whose parts differ in kind: no specifications to offer.
    expect((await search('q=bearing')).facets.attributes).toEqual([]);
    expect((await search('category=bearings')).facets.attributes).toEqual([]);
  });

  it.each([
    'category=ball-bearings&attr.bore=17..25',
    'category=ball-bearings&maxPrice=20&attr.seal=metal+shields',
    'category=bearings&minPrice=5',
    'q=bearing&category=ball-bearings&attr.bore=..30',
    // Past the bound of 5, both samples are cut short (51 bores, 9 of the brand): the 3 matches,
    // read for the count, give the page.
    'category=ball-bearings&attr.bore=17..25&brand=arven-industrial',
    // No filter but the category or the words: the counts' own rows give the page.
    'category=ball-bearings',
    'category=bearings',
    'q=bearing',
  ])('a first page by a key and its specifications are read with the counts: %s', async (asked) => {
    const statements: string[] = [];
    const dialect = new PgDialect();
    const recorded = {
      execute: (query: SQL) => {
        statements.push(dialect.sqlToQuery(query).sql);
        return app.db.execute(query);
      },
    } as unknown as typeof app.db;
    // Past a bound of 5 the counts' sample is cut short: the page and the facets read apart.
    const apart = postgresCatalogSearch(recorded, undefined, { exactCountUpTo: 5 });
    const withCounts = postgresCatalogSearch(recorded);
    for (const sort of ['newest', 'price_asc', 'price_desc', 'name']) {
      const parsed = searchQuery.parse(
        Object.fromEntries(new URLSearchParams(`${asked}&sort=${sort}&limit=7`)),
      );
      // The page's items by the ids read with the counts, not by the filters.
      const byIds = 'where p.id = any(';
      const readsOf = () => statements.filter((statement) => /\bproducts\b/.test(statement));
      statements.length = 0;
      const bounded = await apart.search(parsed);
      // An exact count (within the bound) reads the first page with it, from whichever of its
      // reads holds every match.
      if (!bounded.totalIsLowerBound) {
        expect(readsOf(), `${asked} ${sort} (bound 5)`).toHaveLength(2);
        expect(readsOf()[1], `${asked} ${sort} (bound 5)`).toContain(byIds);
      }
      if (asked.includes('arven')) expect(bounded.total).toBe(3);
      statements.length = 0;
      const found = await withCounts.search(parsed);
      // The category's ids (withCategoryIds), the counts' statement, then the page's items by
      // their ids: no other read of the parts.
      const reads = readsOf();
      expect(statements, `${asked} ${sort}`).toHaveLength(reads.length + (parsed.category ? 1 : 0));
      expect(reads, `${asked} ${sort}`).toHaveLength(2);
      expect(reads[1], sort).toContain(byIds);
      expect(
        found.items.map((i) => i._id),
        `${asked} ${sort}`,
      ).toEqual(bounded.items.map((i) => i._id));
      expect(found.items.length).toBeGreaterThan(0);
      expect(Boolean(found.nextCursor)).toBe(Boolean(bounded.nextCursor));
      // The page after it, read from its cursor, follows on.
      if (found.nextCursor) {
        const next = await withCounts.search({ ...parsed, cursor: found.nextCursor });
        const nextApart = await apart.search({ ...parsed, cursor: bounded.nextCursor ?? '' });
        expect(next.items.map((i) => i._id)).toEqual(nextApart.items.map((i) => i._id));
      }
    }
  });

  it.each(['price_asc', 'newest', 'name', 'relevance'])(
    'keyset pages (%s) have no duplicates and no gaps while products are added and deleted',
    async (sort) => {
      const query = `category=fasteners&sort=${sort}${sort === 'relevance' ? '&q=zinc' : ''}`;
      const before = new Set((await all(query)).map((i) => i._id));
      const deleted: string[] = [];
      const items = await all(query, async (page) => {
        if (page > 3) return;
        // Take out a product not yet reached, and add a new one.
        const [victim] = await rows<{ id: string }>(
          sql`select id from products where category_id = (select id from categories where slug = 'hex-bolts')
              and deleted_at is null order by md5(id::text || ${sort + page}) limit 1`,
        );
        await app.db.execute(sql`update products set deleted_at = now() where id = ${victim?.id}`);
        deleted.push(victim?.id ?? '');
        await app.db.execute(sql`
          insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents, category_id)
          values ('Zinc Hex Bolt M8 added', '/images/categories/fasteners.svg', 'zinc plated', 1, 5, ${100 + page},
            (select id from categories where slug = 'hex-bolts'))`);
      });
      const ids = items.map((i) => i._id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of before) if (!deleted.includes(id)) expect(ids).toContain(id);
    },
  );

  it('refuses bad parameters with a 400 that names the parameter', async () => {
    const relevance = await search('q=bolt&limit=1');
    // A cursor is opaque, but a client may still forge one: its value must fit its sort.
    const forged = (fields: Record<string, string>) =>
      Buffer.from(
        JSON.stringify({ mode: 'words', id: '00000000-0000-4000-8000-000000000000', ...fields }),
      ).toString('base64url');
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['sort=cheapest', 'sort'],
      ['brand=Not%20A%20Slug', 'brand'],
      ['category=../etc', 'category'],
      ['inStock=yes', 'inStock'],
      ['minPrice=-1', 'minPrice'],
      ['minPrice=20&maxPrice=10', 'minPrice'],
      ['maxPrice=abc', 'maxPrice'],
      ['colour=red', 'colour'],
      ['attr.bore=1..x', 'attr.bore'],
      ['attr.bore=', 'attr.bore'],
      ['attr.Bad-Name=1', 'attr.Bad-Name'],
      ['cursor=junk', 'cursor'],
      [`sort=name&cursor=${relevance.nextCursor}`, 'cursor'],
      [`q=${'x'.repeat(201)}`, 'q'],
      [
        `sort=price_asc&cursor=${forged({ sort: 'price_asc', value: '1); drop table products; --' })}`,
        'cursor',
      ],
      [`sort=newest&cursor=${forged({ sort: 'newest', value: 'yesterday' })}`, 'cursor'],
      [`sort=price_asc&cursor=${forged({ sort: 'price_asc', value: '5', id: 'x' })}`, 'cursor'],
    ];
    // A relevance key is a class's rank, 0 to 4 (decision 044): the float of a cursor made
    // before it, or any other number, is not a cursor of this search.
    for (const value of ['0', '4']) {
      const ranked = forged({ sort: 'relevance', value });
      const res = await app.inject({ url: `/api/v1/catalog/search?q=bolt&cursor=${ranked}` });
      expect(res.statusCode, value).toBe(200);
    }
    // The newest parts' time, the relevance key of a search with no words, is not a rank.
    for (const value of ['1e-20', '0.60792710', '5', '-1', '2; select 1', '2026-11-30 10:00:00+00'])
      cases.push([`q=bolt&cursor=${forged({ sort: 'relevance', value })}`, 'cursor']);
    for (const [query, parameter] of cases) {
      const res = await app.inject({ url: `/api/v1/catalog/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({
        success: false,
        message: expect.stringMatching(new RegExp(`^${parameter.replace('.', '\\.')}: `)),
      });
    }
  });

  it('answers a product by slug with every field, and 404 for an unknown slug', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/products/deep-groove-ball-bearing-6204' });
    expect(res.statusCode).toBe(200);
    const product = res.json().data;
    expect(product).toMatchObject({
      sku: 'BRG-6204-2RS',
      mpn: '6204-2RS',
      name: 'Deep Groove Ball Bearing 6204',
      category: { slug: 'ball-bearings', name: 'Ball Bearings' },
      brand: { slug: expect.any(String), name: expect.any(String) },
      description: expect.stringContaining('6204-2RS'),
      createdAt: expect.any(String),
    });
    expect(product.attributes).toContainEqual({ name: 'bore', value: '20', num: 20, unit: 'mm' });
    expect(product.crossReferences.length).toBeGreaterThan(0);
    // Breadcrumbs: the top category first, down to the product's own.
    expect(product.categoryPath.at(-1)).toEqual({ slug: 'ball-bearings', name: 'Ball Bearings' });
    expect(product.categoryPath[0]).toEqual({ slug: 'bearings', name: 'Bearings' });
    // By id as well (the admin's edit page reads it so).
    const byId = await app.inject({ url: `/api/v1/catalog/products/${product._id}` });
    expect(byId.json().data.slug).toBe('deep-groove-ball-bearing-6204');
    const missing = await app.inject({ url: '/api/v1/catalog/products/no-such-part' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Product not found' });
  });

  it('lists brands A–Z and the category tree, with counts of live products', async () => {
    const brands: Counted[] = (await app.inject({ url: '/api/v1/catalog/brands' })).json().data;
    expect(brands).toHaveLength(250);
    expect(brands.map((b) => b.name)).toEqual([...brands.map((b) => b.name)].sort());
    const [{ live } = { live: 0 }] = await rows<{ live: number }>(
      sql`select count(*)::int as live from products where deleted_at is null and brand_id is not null`,
    );
    expect(brands.reduce((sum, b) => sum + b.count, 0)).toBe(Number(live));
    const categories: Node[] = (await app.inject({ url: '/api/v1/catalog/categories' })).json()
      .data;
    expect(categories.length).toBeGreaterThanOrEqual(14);
    const bearings = categories.find((c) => c.slug === 'bearings') as Node;
    expect(bearings.count).toBe(bearings.children.reduce((sum, c) => sum + c.count, 0));
  });
});
