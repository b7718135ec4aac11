import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0043 (issue 37) on a shop of 0042 whose top lists never took a return off: a return
 * refunded on 3 May (2 of 10 pistons at $10, a $5 restocking fee kept), its days since closed.
 * The migration keeps the line's goods and takes the refund off the piston and off its buyer on the
 * refund's day; the running totals, made again by the day close, then carry it on every day since. The live path and a rebuild are in
 * returns-sales.test.ts.
 */
describe('migration 0043 (returns in the top lists) on a return refunded under 0042', async () => {
  const database = await databaseBefore('0043_sales-return-lists');
  afterAll(() => database.close());
  const { run } = database;
  const [piston] = await twoBuyersAndTwoParts(run);
  const order = await insertOrderRow(
    run,
    'u1',
    piston,
    10,
    1000,
    'shipped',
    '2026-05-01',
    '2026-05-01',
  );
  const [made] = await run(
    `insert into returns (order_id, user_id, state, rma_year, rma_number, refund_state,
        refund_cents, refund_tax_cents, refund_freight_cents, restocking_fee_cents,
        refund_deposit_cents, refunded_at)
      values ('${order}', 'u1', 'received', 2026, 1, 'pending', 1500, 0, 0, 500, 0,
        '2026-05-03T10:00:00Z')
      returning id`,
  );
  await run(`insert into return_lines (return_id, product_id, quantity, reason, restocked)
    values ('${made?.id}', '${piston}', 2, 'damaged', 2)`);
  await run(`update returns set refund_state = 'refunded' where id = '${made?.id}'`);
  // Every day through yesterday closed (its running totals made), as the shop's sweep does.
  const closeDays = async () => {
    for (;;) {
      const [closed] = await run('select pp_sales_close_day()::text as day');
      if (!closed?.day) break;
    }
  };
  await closeDays();
  const lastTotals = `select (select units::int from sales_product_totals
        where product_id = '${piston}' order by day desc limit 1) as units,
      (select revenue_cents::int from sales_product_totals
        where product_id = '${piston}' order by day desc limit 1) as product,
      (select revenue_cents::int from sales_customer_totals
        where user_id = 'u1' order by day desc limit 1) as customer`;
  const before = await run(lastTotals);
  await database.migrateAll();
  // The migration writes the day rows and leaves the running totals to the servers' day close.
  const totalsLeft = await run(`select count(*)::int as n from sales_product_totals`);
  await closeDays();

  it('0042 left the piston and its buyer at the whole order', () => {
    expect(before).toEqual([{ units: 10, product: 10_000, customer: 10_000 }]);
  });

  it("keeps the line's goods given back", async () => {
    expect(
      await run(`select refund_goods_cents::int as goods from return_lines
        where return_id = '${made?.id}'`),
    ).toEqual([{ goods: 2000 }]);
  });

  it('leaves the running totals to be made again by the day close', () => {
    expect(totalsLeft).toEqual([{ n: 0 }]);
  });

  it('takes the refund off the piston and its buyer on 3 May and in every total since', async () => {
    expect(
      await run(`select units::int, revenue_cents::int as cents from sales_products
        where product_id = '${piston}' and period = '2026-05-03'`),
    ).toEqual([{ units: -2, cents: -1500 }]);
    expect(
      await run(`select orders::int, revenue_cents::int as cents from sales_customers
        where user_id = 'u1' and period = '2026-05-03'`),
    ).toEqual([{ orders: 0, cents: -1500 }]);
    expect(await run(lastTotals)).toEqual([{ units: 8, product: 8500, customer: 8500 }]);
    // The day before the refund is as it was.
    expect(
      await run(`select units::int, revenue_cents::int as cents from sales_product_totals
        where product_id = '${piston}' and day = '2026-05-02'`),
    ).toEqual([{ units: 10, cents: 10_000 }]);
  });
});
