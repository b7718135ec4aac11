import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0040 (issue 37) on a shop of 0039 whose sales figures counted a core deposit given
 * back as a refund of goods: the return learns the deposits it gave back, and its day's row no
 * longer nets them (nor the cores as unsold pieces). A rebuild counting it anew is in
 * returns-sales.test.ts.
 */
describe('migration 0040 (deposit refunds) on a core return counted by 0039', async () => {
  const database = await databaseBefore('0040_sales-deposit-refunds');
  afterAll(() => database.close());
  const { run } = database;
  const [alternator] = await twoBuyersAndTwoParts(run);
  // 3 alternators at $189.99 with a $45.50 deposit each, invoiced (counted in the sales figures).
  const order = await insertOrderRow(
    run,
    'u1',
    alternator,
    3,
    18_999,
    'shipped',
    '2026-05-01',
    '2026-05-01',
  );
  await run(`update order_lines set core_deposit_cents = 4550 where order_id = '${order}'`);
  const [made] = await run(
    `insert into returns (order_id, user_id, state, rma_year, rma_number, refund_state,
        refund_cents, refund_tax_cents, refund_freight_cents, restocking_fee_cents, refunded_at)
      values ('${order}', 'u1', 'received', 2026, 1, 'pending', 9100, 0, 0, 0,
        '2026-05-03T10:00:00Z')
      returning id`,
  );
  await run(`insert into return_lines (return_id, product_id, quantity, reason, restocked)
    values ('${made?.id}', '${alternator}', 2, 'core_return', 2)`);
  await run(`update returns set refund_state = 'refunded' where id = '${made?.id}'`);
  const dayRow = `select sum(refunds)::int as refunds, sum(refunded_cents)::int as cents,
      sum(refunded_units)::int as units from sales_days where day = '2026-05-03'`;
  const counted = await run(dayRow);
  await database.migrateAll();

  it('0039 had counted the deposits as goods refunded and the cores as unsold pieces', () => {
    expect(counted).toEqual([{ refunds: 1, cents: 9100, units: 2 }]);
  });

  it('knows the deposits the refund gave back, and nets none of them on its day', async () => {
    expect(
      await run(
        `select refund_deposit_cents::int as deposits from returns where id = '${made?.id}'`,
      ),
    ).toEqual([{ deposits: 9100 }]);
    expect(await run(dayRow)).toEqual([{ refunds: 1, cents: 0, units: 0 }]);
  });
});
