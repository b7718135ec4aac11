import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations-before.ts';

describe('migration 0007 (catalog) on a shop that has products and orders', async () => {
  const database = await databaseBefore('0007_catalog');
  afterAll(() => database.close());
  const { run } = database;

  await run(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com')`);
  const [piston] = await run(
    `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
     values ('Piston', '/images/products/piston.svg', 'Forged piston', 1, 10, 1000),
            ('Brake Disc (vented) 300 mm', '/images/products/brake-disc.svg', 'Vented disc', 1, 10, 4500)
     returning id`,
  );
  await run(
    `insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity, total_cents, user_name, email)
     values ('${piston?.id}', 'u1', 'Piston', '/images/products/piston.svg', 1000, 2, 2000, 'Ann', 'ann@example.com')`,
  );
  await database.migrateAll();

  it('gives every product a SKU, a slug, a brand and a category, and keeps its orders', async () => {
    const rows = await run(
      `select p.name, p.sku, p.slug, p.sku_key, b.slug as brand, c.slug as category
       from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
       order by p.name`,
    );
    expect(rows).toEqual([
      {
        name: 'Brake Disc (vented) 300 mm',
        sku: expect.stringMatching(/^PP-[0-9A-F]{10}$/),
        slug: expect.stringMatching(/^brake-disc-vented-300-mm-[0-9a-f]{8}$/),
        sku_key: expect.stringMatching(/^pp[0-9a-f]{10}$/),
        brand: 'proper-parts',
        category: 'general-parts',
      },
      {
        name: 'Piston',
        sku: expect.stringMatching(/^PP-[0-9A-F]{10}$/),
        slug: expect.stringMatching(/^piston-[0-9a-f]{8}$/),
        sku_key: expect.stringMatching(/^pp[0-9a-f]{10}$/),
        brand: 'proper-parts',
        category: 'general-parts',
      },
    ]);
    const orders = await run(
      `select o.quantity, p.name from orders o join products p on p.id = o.tool_id`,
    );
    expect(orders).toEqual([{ quantity: 2, name: 'Piston' }]);
  });

  it('fills the words searched, and makes a SKU and a slug for a writer that gives none', async () => {
    const found = await run(
      `select name from products where search_vector @@ websearch_to_tsquery('english', 'vented discs')`,
    );
    expect(found).toEqual([{ name: 'Brake Disc (vented) 300 mm' }]);
    const [made] = await run(
      `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
       values ('Gear Pump', '/images/products/pump.svg', 'A pump', 1, 1, 100) returning sku, slug`,
    );
    expect(made).toEqual({
      sku: expect.stringMatching(/^PP-[0-9A-F]{10}$/),
      slug: expect.stringMatching(/^gear-pump-[0-9a-f]{8}$/),
    });
  });

  it('refuses a second product with the same SKU or slug', async () => {
    const [one] = await run(`select sku, slug from products where name = 'Piston'`);
    await expect(
      run(
        `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents, sku)
         values ('Copy', '/x.svg', 'x', 1, 1, 1, '${one?.sku}')`,
      ),
    ).rejects.toThrow();
    await expect(
      run(
        `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents, slug)
         values ('Copy', '/x.svg', 'x', 1, 1, 1, '${one?.slug}')`,
      ),
    ).rejects.toThrow();
  });
});
