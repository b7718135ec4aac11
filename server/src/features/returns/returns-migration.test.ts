import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  refusal,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0031 (issue 37) on a shop of 0030: the returns tables arrive empty beside the orders
 * already there, and their checks hold (an RMA number exactly when approved or received; never
 * more pieces received than asked for).
 */
describe('migration 0031 (returns) on orders of 0030', async () => {
  const database = await databaseBefore('0031_returns');
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
  await database.migrateAll();

  it('adds empty returns tables, and leaves the orders as they were', async () => {
    expect(await run('select count(*)::int as n from returns')).toEqual([{ n: 0 }]);
    expect(await run('select count(*)::int as n from return_lines')).toEqual([{ n: 0 }]);
    expect(await run('select count(*)::int as n from rma_counters')).toEqual([{ n: 0 }]);
    expect(await run(`select status from orders where id = '${shipped}'`)).toEqual([
      { status: 'shipped' },
    ]);
  });

  it('takes a return of the old order, and refuses an RMA number before approval', async () => {
    const [made] = await run(
      `insert into returns (order_id, user_id) values ('${shipped}', 'u1') returning id, state`,
    );
    expect(made?.state).toBe('requested');
    await run(`insert into return_lines (return_id, product_id, quantity, reason)
      values ('${made?.id}', '${piston}', 2, 'damaged')`);
    expect(
      await refusal(
        run(`update returns set rma_year = 2026, rma_number = 1 where id = '${made?.id}'`),
      ),
    ).toMatch(/returns_rma_when_approved/);
    expect(
      await refusal(
        run(`update return_lines set restocked = 2, scrapped = 1 where return_id = '${made?.id}'`),
      ),
    ).toMatch(/return_lines_received_range/);
    expect(
      await refusal(run(`update returns set state = 'lost' where id = '${made?.id}'`)),
    ).toMatch(/returns_state_known/);
    expect(
      await refusal(
        run(`insert into return_lines (return_id, product_id, quantity, reason)
          values ('${made?.id}', '${piston}', 1, 'lost_in_space')`),
      ),
    ).toMatch(/return_lines_reason_known/);
  });
});
