import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0026 (issue 33) on a shop of 0025: an order shipped before shipments existed was
 * shipped whole, so each of its lines counts its whole quantity shipped; any other order none.
 */
describe('migration 0026 (shipments) on orders of 0025', async () => {
  const database = await databaseBefore('0026_shipments');
  afterAll(() => database.close());
  const { run } = database;
  const [piston] = await twoBuyersAndTwoParts(run);
  const shipped = await insertOrderRow(
    run,
    'u1',
    piston,
    7,
    1234,
    'shipped',
    '2026-05-01',
    '2026-05-01',
  );
  const unpaid = await insertOrderRow(run, 'u2', piston, 3, 1234, 'unpaid', '2026-05-02');
  await database.migrateAll();

  it('counts the lines of a shipped order shipped whole, and none of any other', async () => {
    const lines = await run(
      `select order_id, quantity, shipped from order_lines where order_id in ('${shipped}', '${unpaid}') order by quantity`,
    );
    expect(lines).toEqual([
      { order_id: unpaid, quantity: 3, shipped: 0 },
      { order_id: shipped, quantity: 7, shipped: 7 },
    ]);
    expect(await run('select count(*)::int as n from shipments')).toEqual([{ n: 0 }]);
  });
});
