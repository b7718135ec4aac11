import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore, twoBuyersAndTwoParts } from '../../../test/migrations-before.ts';

/**
 * Migration 0032 (issue 36) on a shop of 0031: today's single stock becomes the "Main" warehouse
 * with the same quantities, and every later change of a product's stock, by whatever writer,
 * keeps the product's quantity the sum of its warehouses' (the trigger of the migration).
 */
describe('migration 0032 (warehouses) on a shop of 0031', async () => {
  const database = await databaseBefore('0035_warehouses');
  afterAll(() => database.close());
  const { run } = database;
  const [piston, pump] = await twoBuyersAndTwoParts(run);
  await run(`update products set available_quantity = 7 where id = '${pump}'`);
  const [empty] = await run(`insert into products (name, img, description,
      minimum_order_quantity, available_quantity, price_cents)
    values ('Gone', '/g.svg', 'Sold out', 1, 0, 100) returning id`);
  await database.migrateAll();
  const stockOf = (product: string | undefined) =>
    run(`select w.name, s.quantity from warehouse_stock s join warehouses w on w.id = s.warehouse_id
      where s.product_id = '${product}' order by w.id`);
  const sums = () =>
    run(`select count(*)::int as off from products p
      where p.available_quantity <> (select coalesce(sum(quantity), 0) from warehouse_stock s
        where s.product_id = p.id)`);

  it('makes one warehouse, Main, holding each product’s stock', async () => {
    expect(await run('select name, public_name, ships_to from warehouses')).toEqual([
      { name: 'Main', public_name: 'Main', ships_to: null },
    ]);
    expect(await stockOf(piston)).toEqual([{ name: 'Main', quantity: 1000 }]);
    expect(await stockOf(pump)).toEqual([{ name: 'Main', quantity: 7 }]);
    expect(await stockOf(String(empty?.id))).toEqual([]);
    expect(await sums()).toEqual([{ off: 0 }]);
  });

  it('moves a change of the sum alone into the warehouses: a rise into Main, a fall in id order', async () => {
    const [leeds] = await run(`insert into warehouses (name, public_name, country, ships_to)
      values ('Leeds DC', 'Leeds', 'GB', '{GB,IE}') returning id`);
    await run(`insert into warehouse_stock (product_id, warehouse_id, quantity)
      values ('${pump}', ${leeds?.id}, 5)`);
    await run(
      `update products set available_quantity = available_quantity + 5 where id = '${pump}'`,
    );
    expect(await stockOf(pump)).toEqual([
      { name: 'Main', quantity: 7 },
      { name: 'Leeds DC', quantity: 5 },
    ]);
    await run(`update products set available_quantity = 3 where id = '${pump}'`);
    expect(await stockOf(pump)).toEqual([
      { name: 'Main', quantity: 0 },
      { name: 'Leeds DC', quantity: 3 },
    ]);
    await run(`update products set available_quantity = 10 where id = '${pump}'`);
    expect(await stockOf(pump)).toEqual([
      { name: 'Main', quantity: 7 },
      { name: 'Leeds DC', quantity: 3 },
    ]);
    expect(await sums()).toEqual([{ off: 0 }]);
  });

  it('leaves a statement that changes the rows and the sum together as it wrote them', async () => {
    await run(`with rows as (
        update warehouse_stock set quantity = quantity - 2
        where product_id = '${pump}' and warehouse_id = (select id from warehouses where name = 'Leeds DC')
      )
      update products set available_quantity = available_quantity - 2 where id = '${pump}'`);
    expect(await stockOf(pump)).toEqual([
      { name: 'Main', quantity: 7 },
      { name: 'Leeds DC', quantity: 1 },
    ]);
    const [added] = await run(`insert into products (name, img, description,
        minimum_order_quantity, available_quantity, price_cents)
      values ('New', '/n.svg', 'New part', 1, 4, 100) returning id`);
    expect(await stockOf(String(added?.id))).toEqual([{ name: 'Main', quantity: 4 }]);
    expect(await sums()).toEqual([{ off: 0 }]);
  });
});
