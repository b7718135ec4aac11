import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0017 (decision 028) on a shop of 0016 with sales and closed days: nothing to rebuild,
 * and the new triggers go on counting; a rebuild started afterwards (a change of SHOP_TIME_ZONE)
 * counts the orders again in the new zone, a step at a time. PGlite, or PostgreSQL with
 * DATABASE_URL.
 */
describe('migration 0017 (sales zone rebuild) on a shop with sales', async () => {
  const database = await databaseBefore('0017_sales-zone-rebuild');
  afterAll(() => database.close());
  const { run } = database;

  const [piston, pump] = await twoBuyersAndTwoParts(run);
  // 9 March, and 10 March in UTC; both 9 March in Chicago.
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
  while ((await run('select pp_sales_close_day()::text as day'))[0]?.day);
  await database.migrateAll();

  it('leaves nothing to rebuild, and the triggers counting a sale on a closed day', async () => {
    expect(await run('select count(*)::int as n from sales_rebuild')).toEqual([{ n: 0 }]);
    expect(await run('select pp_sales_rebuild_step(10) as n')).toEqual([{ n: null }]);
    await insertOrderRow(
      run,
      'u2',
      piston,
      5,
      1234,
      'pending',
      '2026-03-09T12:00:00Z',
      '2026-03-09T12:00:00Z',
    );
    expect(
      await run(`select day::text, units::int from sales_product_totals
        where product_id = '${piston}' and day in ('2026-03-09', '2026-03-12') order by day`),
    ).toEqual([
      { day: '2026-03-09', units: 15 },
      { day: '2026-03-12', units: 15 },
    ]);
  });

  it('counts the orders again in a new zone, one order a step here', async () => {
    await run(`update app_state set value = 'America/Chicago' where key = 'sales_time_zone'`);
    await run('select pp_sales_rebuild()');
    const steps: unknown[] = [];
    for (;;) {
      const [row] = await run('select pp_sales_rebuild_step(1) as n');
      steps.push(row?.n);
      if (!row?.n) break;
    }
    expect(steps).toEqual([1, 1, 1, 0]);
    expect(
      await run(`select s.period::text, p.name, s.units::int from sales_products s
        join products p on p.id = s.product_id order by 1, 2`),
    ).toEqual([
      { period: '2026-03-09', name: 'Piston', units: 15 },
      { period: '2026-03-09', name: 'Pump', units: 2 },
    ]);
    expect(
      await run(`select day::text, status, orders from order_status_days order by 1, 2`),
    ).toEqual([
      { day: '2026-03-09', status: 'pending', orders: 2 },
      { day: '2026-03-09', status: 'shipped', orders: 1 },
    ]);
    expect(await run('select count(*)::int as n from sales_rebuild')).toEqual([{ n: 0 }]);
  });
});
