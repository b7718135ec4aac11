import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { demoProducts } from './demo-catalog.ts';
import { DEMO_CATALOG_SIZE } from './demo-generator.ts';
import { seedDemoCatalog } from './demo-seed.ts';

describe('catalog: demo seed and GET /api/v1/tools', async () => {
  const app = await buildTestApp();

  // 10,000 demo products on PGlite: ~20 s alone, more beside the journeys in CI (a hang guard).
  it('seeds the demo catalog once, and a second seed adds nothing', async () => {
    expect(await seedDemoCatalog(app.db)).toEqual({ seeded: true });
    expect(await seedDemoCatalog(app.db)).toEqual({ seeded: false });
    const res = await app.inject({ url: '/api/v1/tools?limit=100' });
    expect(res.json().data).toHaveLength(100);
    const { rows } = await app.db.execute<{ count: number }>(
      sql`select count(*)::int as count from products`,
    );
    expect(Number(rows[0]?.count)).toBe(DEMO_CATALOG_SIZE);
    expect(demoProducts.length).toBeGreaterThanOrEqual(18);
  }, 120_000);

  it('gives every demo part a shipping weight and a box, heavier as it is dearer (issue 33)', async () => {
    const { rows } = await app.db.execute<Record<string, number>>(
      sql`select count(*) filter (where weight_grams <= 0 or length_mm <= 0 or width_mm <= 0
            or height_mm <= 0)::int as missing,
          max(weight_grams)::int as heaviest,
          avg(weight_grams) filter (where price_cents < 100)::float8 as cheap,
          avg(weight_grams) filter (where price_cents >= 10000)::float8 as dear
        from products`,
    );
    const [facts] = rows;
    expect(facts?.missing).toBe(0);
    expect(Number(facts?.heaviest)).toBeLessThan(100_000);
    expect(Number(facts?.cheap)).toBeLessThan(100);
    expect(Number(facts?.dear)).toBeGreaterThan(1000);
  });

  it("keeps the spec six's fields, with quantities a maintenance buyer orders (decisions.md, Data)", () => {
    expect(
      demoProducts
        .slice(0, 6)
        .map((p) => [p.name, p.minimumOrderQuantity, p.availableQuantity, p.priceCents / 100]),
    ).toEqual([
      ['Piston', 4, 240, 68],
      ['Air Filter', 5, 600, 14.5],
      ['Steering Wheel', 2, 120, 89],
      ['Windscreen', 1, 150, 245],
      ['Engine Fan', 1, 300, 129],
      ['Oil Filter', 10, 900, 6.4],
    ]);
    for (const product of demoProducts.slice(6)) {
      // What a buyer checks: dimensions or ratings in units, and enough words to compare.
      expect(product.description, product.name).toMatch(/\d\s?(mm|"|cc|Nm|W|A|bar|kN)\b/);
      expect(product.description.length, product.name).toBeGreaterThan(100);
    }
  });

  it('lists the original six first, newest first, with the spec field names and dollar prices', async () => {
    const res = await app.inject({ url: '/api/v1/tools?limit=6' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.map((t: { name: string }) => t.name)).toEqual([
      'Oil Filter',
      'Engine Fan',
      'Windscreen',
      'Steering Wheel',
      'Air Filter',
      'Piston',
    ]);
    expect(body.data[5]).toEqual({
      _id: expect.any(String),
      name: 'Piston',
      img: expect.stringMatching(/^\/images\/products\/.+\.svg$/),
      description: expect.any(String),
      minimumOrderQuantity: 4,
      availableQuantity: 240,
      price: 68,
      slug: 'piston',
    });
  });

  it('pages with limit and offset', async () => {
    const first = (await app.inject({ url: '/api/v1/tools?limit=3' })).json().data;
    const second = (await app.inject({ url: '/api/v1/tools?limit=3&offset=3' })).json().data;
    expect(second).toHaveLength(3);
    expect(second.map((t: { _id: string }) => t._id)).not.toContain(first[0]._id);
  });

  it('refuses a limit above 100 with a message naming the field', async () => {
    const res = await app.inject({ url: '/api/v1/tools?limit=1000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/^limit: /) });
  });

  it('answers one product by id, 404 for an unknown id and 400 for a malformed one', async () => {
    const [piston] = (await app.inject({ url: '/api/v1/tools?limit=1&offset=5' })).json().data;
    const one = await app.inject({ url: `/api/v1/tools/${piston._id}` });
    expect(one.json()).toEqual({ success: true, data: piston });

    const missing = await app.inject({ url: '/api/v1/tools/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Product not found' });

    const malformed = await app.inject({ url: '/api/v1/tools/not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
  });
});
