import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { brand, fit, insertFleet, part } from './fitment-fixtures.ts';

interface Item {
  _id: string;
  name: string;
  price: number;
  brand: { slug: string } | null;
}
interface Result {
  items: Item[];
  nextCursor: string | null;
  total: number;
  facets: {
    brands: { slug: string; count: number }[];
    categories: { slug: string; count: number }[];
    attributes: { name: string; values: { value: string; count: number }[] }[];
  };
}

const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'] as const;

/** `GET /catalog/search?vehicle=`: only the parts that fit. Runs on PGlite and PostgreSQL. */
describe('catalog search: fits my vehicle (issue 20)', async () => {
  const app = await buildTestApp();
  const fleet = await insertFleet(app);
  const corolla = fleet.id('2015 Toyota Corolla 2ZR-FE');
  const civic = fleet.id('2015 Honda Civic R18Z1');
  const akebono = await brand(app, 'Akebono');
  const brembo = await brand(app, 'Brembo');
  const [category] = (
    await app.db.execute(
      sql`insert into categories (name, slug) values ('Brake pads', 'brake-pads') returning id`,
    )
  ).rows as { id: string }[];
  const inCategory = async (id: string, material: string) => {
    await app.db.execute(
      sql`update products set category_id = ${category?.id}::uuid where id = ${id}::uuid`,
    );
    await app.db.execute(sql`insert into product_attributes (product_id, name, value)
      values (${id}::uuid, 'material', ${material})`);
  };

  /** What fits the Corolla, by kind: the ids each search below must give, exactly. */
  const fitsCorolla = {
    akebonoPads: [] as string[],
    bremboPads: [] as string[],
    filters: [] as string[],
  };
  const ceramic: string[] = [];
  for (let i = 0; i < 14; i++) {
    // Prices and names repeat, so each sort meets ties that only the id breaks.
    const pad = await part(
      app,
      i % 2 ? 'Ceramic brake pads' : `Brake pad set ${i % 4}`,
      akebono.id,
      1000 + (i % 3) * 250,
    );
    // Five of them fit at two positions: still one product each.
    await fit(app, pad.id, [corolla], { position: 'front' });
    if (i < 5) await fit(app, pad.id, [corolla], { position: 'rear' });
    if (i % 3 === 0) await fit(app, pad.id, [civic], { position: 'front' });
    await inCategory(pad.id, i % 2 ? 'ceramic' : 'semi-metallic');
    if (i % 2) ceramic.push(pad.id);
    fitsCorolla.akebonoPads.push(pad.id);
  }
  for (let i = 0; i < 5; i++) {
    const pad = await part(app, 'Sport brake pads', brembo.id, 3000 + i);
    await fit(app, pad.id, [corolla], { position: 'front' });
    await inCategory(pad.id, 'ceramic');
    fitsCorolla.bremboPads.push(pad.id);
  }
  // Akebono pads for the Civic only, and one pad for the Corolla that was deleted.
  for (let i = 0; i < 6; i++) {
    const pad = await part(app, 'Ceramic brake pads', akebono.id, 1000);
    await fit(app, pad.id, [civic], { position: 'front' });
    await inCategory(pad.id, 'ceramic');
  }
  const gone = await part(app, 'Brake pad set 9', akebono.id);
  await fit(app, gone.id, [corolla]);
  await app.db.execute(sql`update products set deleted_at = now() where id = ${gone.id}::uuid`);
  for (let i = 0; i < 3; i++) {
    const filter = await part(app, 'Oil filter', akebono.id);
    await fit(app, filter.id, [corolla]);
    fitsCorolla.filters.push(filter.id);
  }
  await part(app, 'Universal brake cleaner', akebono.id);

  const search = async (query: string): Promise<Result> => {
    const res = await app.inject({ url: `/api/v1/catalog/search?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** Every page, by cursor: the ids in order, and how many pages it took. */
  const everyPage = async (query: string, limit: number) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: Result = await search(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...result.items.map((item) => item._id));
      cursor = result.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    return { ids, pages };
  };
  const sorted = (ids: string[]) => [...ids].sort();

  it('vehicle alone: each part that fits, once, however many positions it fits at', async () => {
    const { ids } = await everyPage(`vehicle=${corolla}`, 5);
    const expected = [
      ...fitsCorolla.akebonoPads,
      ...fitsCorolla.bremboPads,
      ...fitsCorolla.filters,
    ];
    expect(sorted(ids)).toEqual(sorted(expected));
    expect((await search(`vehicle=${corolla}`)).total).toBe(expected.length);
  });

  it.each(SORTS)(
    'with q, a brand and paging over 3+ pages, sorted by %s: no duplicates, no gaps',
    async (sort) => {
      const query = `q=brake&brand=akebono&vehicle=${corolla}&sort=${sort}`;
      const { ids, pages } = await everyPage(query, 4);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(new Set(ids).size).toBe(ids.length);
      expect(sorted(ids)).toEqual(sorted(fitsCorolla.akebonoPads));
      expect((await search(query)).total).toBe(fitsCorolla.akebonoPads.length);
    },
  );

  it.each(SORTS)('with a category, a price range and an attribute, sorted by %s', async (sort) => {
    const query = `category=brake-pads&vehicle=${corolla}&minPrice=10&maxPrice=12.5&attr.material=ceramic&sort=${sort}`;
    const { ids } = await everyPage(query, 2);
    const expected = (
      (
        await app.db.execute(sql`select id from products
          where id = any(string_to_array(${ceramic.join(',')}, ',')::uuid[])
            and price_cents between 1000 and 1250`)
      ).rows as { id: string }[]
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(2);
    expect(ids).toHaveLength(expected.length);
    expect(sorted(ids)).toEqual(sorted(expected));
  });

  it('the facets count only the parts that fit', async () => {
    const fitting = await search(`q=brake&vehicle=${corolla}`);
    expect(fitting.total).toBe(19);
    expect(fitting.facets.brands).toEqual([
      expect.objectContaining({ slug: 'akebono', count: 14 }),
      expect.objectContaining({ slug: 'brembo', count: 5 }),
    ]);
    expect(fitting.facets.categories).toEqual([
      expect.objectContaining({ slug: 'brake-pads', count: 19 }),
    ]);
    // With the brand chosen, the brand facet still counts the other brands' fitting parts.
    const chosen = await search(`q=brake&brand=akebono&vehicle=${corolla}`);
    expect(chosen.total).toBe(14);
    expect(chosen.facets.brands.map((b) => [b.slug, b.count])).toEqual([
      ['akebono', 14],
      ['brembo', 5],
    ]);
    // The attribute facet of a leaf category, fitting parts only.
    const leaf = await search(`category=brake-pads&vehicle=${corolla}`);
    const material = leaf.facets.attributes.find((a) => a.name === 'material');
    expect(material?.values).toEqual([
      { value: 'ceramic', count: 12 },
      { value: 'semi-metallic', count: 7 },
    ]);
    // Without the vehicle, the Civic's pads count too.
    const everyone = await search('q=brake&brand=akebono');
    expect(everyone.total).toBe(14 + 6 + 1);
  });

  it('another vehicle is another answer (the cache keys on it)', async () => {
    const forCivic = await search(`q=brake&vehicle=${civic}`);
    expect(forCivic.total).toBe(6 + 5);
    const forCorolla = await search(`q=brake&vehicle=${corolla}`);
    expect(forCorolla.total).toBe(19);
  });

  it('an unknown vehicle fits nothing: an empty result, not an error', async () => {
    const result = await search('q=brake&vehicle=2147483647');
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
    expect(result.facets.brands).toEqual([]);
  });
});
