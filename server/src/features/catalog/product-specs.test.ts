import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { databaseBefore } from '../../../test/migrations-before.ts';
import { seedDemoCatalog } from './demo-seed.ts';

/** `products.specs` as migration 0049 makes it from `product_attributes`. */
const specsFromAttributes = `coalesce((select jsonb_object_agg(a.name,
    jsonb_build_array(coalesce(to_jsonb(a.num), to_jsonb(a.value)), a.unit))
  from product_attributes a where a.product_id = p.id), '{}'::jsonb)`;

describe('migration 0049 (products.specs)', async () => {
  const database = await databaseBefore('0049_product-specs');
  afterAll(() => database.close());
  const { run } = database;
  const [old] = await run(`insert into products (name, img, description, minimum_order_quantity,
      available_quantity, price_cents) values ('Bearing', '/images/x.svg', 'A part', 1, 10, 1000)
    returning id::text`);
  await run(`insert into product_attributes (product_id, name, value, num, unit) values
    ('${old?.id}', 'bore', '25', 25, 'mm'), ('${old?.id}', 'seal', 'Rubber', null, null)`);
  await database.migrateAll();

  it("writes an existing product's specifications, a number as a number", async () => {
    const [row] = await run(`select specs from products where id = '${old?.id}'`);
    expect(row?.specs).toEqual({ bore: [25, 'mm'], seal: ['Rubber', null] });
  });

  it('follows every insert, update and delete of a specification, in one statement or many', async () => {
    const id = String(old?.id);
    const specs = async () =>
      (await run(`select specs from products where id = '${id}'`))[0]?.specs;
    await run(`insert into product_attributes (product_id, name, value, num, unit)
      values ('${id}', 'width', '6.35', 6.35, 'mm')`);
    expect(await specs()).toEqual({
      bore: [25, 'mm'],
      seal: ['Rubber', null],
      width: [6.35, 'mm'],
    });
    await run(
      `update product_attributes set value = '30', num = 30 where product_id = '${id}' and name = 'bore'`,
    );
    await run(
      `update product_attributes set value = 'Metal', unit = 'shield' where product_id = '${id}' and name = 'seal'`,
    );
    expect(await specs()).toEqual({
      bore: [30, 'mm'],
      seal: ['Metal', 'shield'],
      width: [6.35, 'mm'],
    });
    await run(
      `delete from product_attributes where product_id = '${id}' and name in ('bore', 'width')`,
    );
    expect(await specs()).toEqual({ seal: ['Metal', 'shield'] });
    await run(`delete from product_attributes where product_id = '${id}'`);
    expect(await specs()).toEqual({});
  });
});

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('products.specs equal the specifications (issue 32)', async () => {
  const app = await buildTestApp();
  await seedDemoCatalog(app.db);
  afterAll(() => app.close());
  const mismatched = async () =>
    (
      await app.db.execute<{ n: number }>(
        sql.raw(
          `select count(*)::int as n from products p where p.specs is distinct from ${specsFromAttributes}`,
        ),
      )
    ).rows[0]?.n;

  it('the demo seed writes them with each product, as the triggers would', async () => {
    const [counted] = (
      await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from products where specs <> '{}'`,
      )
    ).rows;
    expect(Number(counted?.n)).toBeGreaterThan(1000);
    expect(await mismatched()).toBe(0);
  });

  it("a product edit's new specifications are searched at once", async () => {
    const [part] = (
      await app.db.execute<{ id: string; slug: string }>(
        sql`select p.id, p.slug from products p join categories c on c.id = p.category_id
          where c.slug = 'ball-bearings' and p.deleted_at is null order by p.id limit 1`,
      )
    ).rows;
    const search = async (query: string) =>
      (await app.inject({ url: `/api/v1/catalog/search?${query}&limit=100` })).json().data;
    const found = async (query: string) =>
      (await search(query)).items.some((item: { _id: string }) => item._id === part?.id);
    expect(await found('category=ball-bearings&attr.bore=997..999')).toBe(false);
    await app.db.execute(sql`update product_attributes set value = '998', num = 998
      where product_id = ${part?.id} and name = 'bore'`);
    expect(await mismatched()).toBe(0);
    const ranged = await search('category=ball-bearings&attr.bore=997..999');
    expect(ranged.items.map((item: { _id: string }) => item._id)).toEqual([part?.id]);
    expect(ranged.facets.attributes.find((a: { name: string }) => a.name === 'bore')).toMatchObject(
      {
        min: expect.any(Number),
        max: 998,
      },
    );
    // A text never falls in a range, a number is found by its value.
    expect(await found('category=ball-bearings&attr.bore=998')).toBe(true);
    expect(await found('category=ball-bearings&attr.seal=..1000')).toBe(false);
  });
});
