import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0014 (issue 21) on a shop of 0013 that already has orders: the roll-ups start from
 * every order there is (the backfill), in UTC. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('migration 0014 (sales roll-ups) on a shop with orders', async () => {
  const database = await databaseBefore('0014_sales-rollups');
  afterAll(() => database.close());
  const { run } = database;

  const [piston, pump] = await twoBuyersAndTwoParts(run);

  // Sold on 9 March (23:30 UTC) and 10 March; one left unpaid; one sold then cancelled on 2 April.
  await insertOrderRow(
    run,
    'u1',
    piston,
    10,
    1234,
    'pending',
    '2026-03-09T23:00:00Z',
    '2026-03-09T23:30:00Z',
  );
  await insertOrderRow(
    run,
    'u2',
    pump,
    2,
    50000,
    'shipped',
    '2026-03-10T00:10:00Z',
    '2026-03-10T00:30:00Z',
  );
  await insertOrderRow(run, 'u1', pump, 1, 50000, 'unpaid', '2026-03-10T08:00:00Z');
  await insertOrderRow(
    run,
    'u2',
    piston,
    5,
    1234,
    'cancelled',
    '2026-03-11T08:00:00Z',
    '2026-03-11T08:05:00Z',
    '2026-04-02T09:00:00Z',
  );
  await database.migrateAll();

  it('fills the day totals, with the refund on the day of the cancel', async () => {
    expect(
      await run(`select day::text, sum(orders)::int as orders, sum(gross_cents)::int as gross,
          sum(refunds)::int as refunds, sum(refunded_cents)::int as refunded
        from sales_days group by day order by day`),
    ).toEqual([
      { day: '2026-03-09', orders: 1, gross: 12_340, refunds: 0, refunded: 0 },
      { day: '2026-03-10', orders: 1, gross: 100_000, refunds: 0, refunded: 0 },
      { day: '2026-03-11', orders: 1, gross: 6_170, refunds: 0, refunded: 0 },
      { day: '2026-04-02', orders: 0, gross: 0, refunds: 1, refunded: 6_170 },
    ]);
  });

  it('fills products and customers by day, net of the refund (the month rows went in 0016)', async () => {
    expect(
      await run(`select period::text, product_id::text as product, units::int, revenue_cents::int as cents
        from sales_products order by period, units`),
    ).toEqual([
      { period: '2026-03-09', product: piston, units: 10, cents: 12_340 },
      { period: '2026-03-10', product: pump, units: 2, cents: 100_000 },
      { period: '2026-03-11', product: piston, units: 5, cents: 6_170 },
      { period: '2026-04-02', product: piston, units: -5, cents: -6_170 },
    ]);
    expect(
      await run(`select period::text, user_id, orders, revenue_cents::int as cents
        from sales_customers order by period, user_id`),
    ).toEqual([
      { period: '2026-03-09', user_id: 'u1', orders: 1, cents: 12_340 },
      { period: '2026-03-10', user_id: 'u2', orders: 1, cents: 100_000 },
      { period: '2026-03-11', user_id: 'u2', orders: 1, cents: 6_170 },
      { period: '2026-04-02', user_id: 'u2', orders: -1, cents: -6_170 },
    ]);
  });

  it('counts every order by the day it was placed and its status now', async () => {
    expect(
      await run(`select day::text, status, sum(orders)::int as orders from order_status_days
        group by day, status order by day, status`),
    ).toEqual([
      { day: '2026-03-09', status: 'pending', orders: 1 },
      { day: '2026-03-10', status: 'shipped', orders: 1 },
      { day: '2026-03-10', status: 'unpaid', orders: 1 },
      { day: '2026-03-11', status: 'cancelled', orders: 1 },
    ]);
  });
});
