import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0016 (running totals, decision 027) on a shop of 0015 whose triggers kept day and
 * month rows: the day rows stay as they were, the month rows go, no day is closed; closing the days
 * then gives each product and customer its running totals. PGlite, or PostgreSQL with DATABASE_URL.
 */
describe('migration 0016 (sales running totals) on a shop with sales', async () => {
  const database = await databaseBefore('0016_sales-running-totals');
  afterAll(() => database.close());
  const { run } = database;

  const [piston, pump] = await twoBuyersAndTwoParts(run);
  /** An order of one line, invoiced when placed: 0015's triggers count it at its commit. */
  const sale = (
    user: string,
    product: string | undefined,
    quantity: number,
    cents: number,
    at: string,
  ) => insertOrderRow(run, user, product, quantity, cents, 'pending', at, at);
  await sale('u1', piston, 10, 1234, '2026-03-09T12:00:00Z');
  await sale('u2', pump, 2, 50000, '2026-03-10T12:00:00Z');
  await sale('u2', piston, 5, 1234, '2026-03-12T12:00:00Z');
  const dayRows = () =>
    run(`select period::text, product_id::text as product, units::int, revenue_cents::int as cents
      from sales_products where grain = 'd' order by period, product_id`);
  const before = await dayRows();
  expect(before).toHaveLength(3);
  // Orders by status as 0014's rebuild left them: in shards; and one the fold wrote (shard 0).
  await run(`insert into order_status_days (day, status, shard, orders, total_cents) values
    ('2026-02-01', 'shipped', 3, 2, 100), ('2026-02-01', 'shipped', 7, 1, 50),
    ('2026-02-01', 'shipped', 0, 1, 10), ('2026-02-02', 'unpaid', 9, 1, 5)`);
  await database.migrateAll();

  it('keeps the day rows, drops the month rows, closes no day', async () => {
    expect(
      await run(`select period::text, product_id::text as product, units::int, revenue_cents::int as cents
        from sales_products order by period, product_id`),
    ).toEqual(before);
    expect(await run(`select count(*)::int as n from sales_customers`)).toEqual([{ n: 3 }]);
    expect(
      await run(`select count(*)::int as n from app_state where key = 'sales_closed_through'`),
    ).toEqual([{ n: 0 }]);
  });

  it('keeps orders by status in one row a day and status', async () => {
    expect(
      await run(`select day::text, status, shard, orders, total_cents::int as cents
        from order_status_days where day < '2026-03-01' order by day`),
    ).toEqual([
      { day: '2026-02-01', status: 'shipped', shard: 0, orders: 4, cents: 160 },
      { day: '2026-02-02', status: 'unpaid', shard: 0, orders: 1, cents: 5 },
    ]);
  });

  it('closes the days in turn into running totals, from the first day with sales', async () => {
    const closed: unknown[] = [];
    for (;;) {
      const [row] = await run(`select pp_sales_close_day()::text as day`);
      if (!row?.day) break;
      closed.push(row.day);
    }
    expect(closed[0]).toBe('2026-03-09');
    expect(
      await run(`select day::text, product_id::text as product, units::int, revenue_cents::int as cents
        from sales_product_totals where day <= '2026-03-13' order by day, product_id`),
    ).toEqual(
      [
        { day: '2026-03-09', product: piston, units: 10, cents: 12_340 },
        { day: '2026-03-10', product: piston, units: 10, cents: 12_340 },
        { day: '2026-03-10', product: pump, units: 2, cents: 100_000 },
        { day: '2026-03-11', product: piston, units: 10, cents: 12_340 },
        { day: '2026-03-11', product: pump, units: 2, cents: 100_000 },
        { day: '2026-03-12', product: piston, units: 15, cents: 18_510 },
        { day: '2026-03-12', product: pump, units: 2, cents: 100_000 },
        { day: '2026-03-13', product: piston, units: 15, cents: 18_510 },
        { day: '2026-03-13', product: pump, units: 2, cents: 100_000 },
      ].sort((a, b) => (a.day + a.product < b.day + b.product ? -1 : 1)),
    );
    expect(
      await run(`select user_id, orders, revenue_cents::int as cents from sales_customer_totals
        where day = '2026-03-12' order by user_id`),
    ).toEqual([
      { user_id: 'u1', orders: 1, cents: 12_340 },
      { user_id: 'u2', orders: 2, cents: 106_170 },
    ]);
  });
});
