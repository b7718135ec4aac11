import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations-before.ts';

const insertProduct = (name: string) =>
  `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
   values ('${name}', '/images/products/piston.svg', 'A part', 1, 10, 1000) returning id::text`;

/** The milliseconds a version-7 id was made at (its first 48 bits). */
const madeAt = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('migration 0047 (product ids by time)', async () => {
  const database = await databaseBefore('0047_product-ids-by-time');
  afterAll(() => database.close());
  const { run } = database;
  const [old] = await run(insertProduct('Piston'));
  await database.migrateAll();

  it('keeps the ids products had', async () => {
    const [kept] = await run(`select id::text from products where name = 'Piston'`);
    expect(kept?.id).toBe(old?.id);
    expect(String(old?.id)[14]).toBe('4');
  });

  it('gives a new product a version-7 id made now, later ids sorting after earlier ones', async () => {
    const before = Date.now();
    const ids: string[] = [];
    for (const name of ['Gear Pump', 'Valve', 'Seal']) {
      const [row] = await run(insertProduct(name));
      ids.push(String(row?.id));
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(madeAt(id)).toBeGreaterThanOrEqual(before - 1000);
      expect(madeAt(id)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });

  it("makes distinct SKUs and slugs for products made in the same moment, from the ids' random digits", async () => {
    const rows = await run(
      `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
       select 'Bulk Part', '/images/products/piston.svg', 'A part', 1, 10, 1000
       from generate_series(1, 200)
       returning id::text, sku, slug`,
    );
    expect(new Set(rows.map((row) => row.sku)).size).toBe(200);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(200);
    for (const row of rows) {
      const digits = String(row.id).replaceAll('-', '');
      expect(row.sku).toBe(`PP-${digits.slice(-10).toUpperCase()}`);
      expect(row.slug).toBe(`bulk-part-${digits.slice(-8)}`);
    }
  });
});
