import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0027 (tax and freight in the sales day rows, issue 33) on a shop of 0026 whose orders
 * already carry tax and freight: the sales counted before it get theirs in the day and shard they
 * were counted in, refunds given back on the day of the cancel; goods and orders stay as they
 * were. PGlite, or PostgreSQL with DATABASE_URL.
 */
describe('migration 0027 (sales tax and freight) on a shop with taxed sales', async () => {
  const database = await databaseBefore('0027_sales-tax-and-freight');
  afterAll(() => database.close());
  const { run } = database;

  const [piston, pump] = await twoBuyersAndTwoParts(run);
  /** A one-line order with its tax and freight, then invoiced: 0026's triggers count its goods. */
  const sale = async (
    user: string,
    product: string | undefined,
    quantity: number,
    cents: number,
    tax: number,
    freight: number,
    at: string,
  ) => {
    const id = await insertOrderRow(run, user, product, quantity, cents, 'pending', at);
    await run(
      `update orders set tax_cents = ${tax}, freight_cents = ${freight} where id = '${id}'`,
    );
    await run(`insert into invoices (order_id, year, number_in_year, issued_at)
      values ('${id}', 2026, (select coalesce(max(number_in_year), 0) + 1 from invoices), '${at}')`);
    return id;
  };
  await sale('u1', piston, 10, 1234, 771, 1550, '2026-03-09T12:00:00Z');
  await sale('u2', pump, 2, 50000, 0, 2500, '2026-03-09T15:00:00Z');
  const refunded = await sale('u2', piston, 5, 1234, 386, 900, '2026-03-10T12:00:00Z');
  await sale('u1', pump, 1, 50000, 0, 0, '2026-03-11T12:00:00Z');
  await run(`update orders set status = 'cancelled', updated_at = '2026-03-12T09:00:00Z'
    where id = '${refunded}'`);
  const days = () =>
    run(`select day::text, sum(orders)::int as orders, sum(gross_cents)::int as gross,
        sum(refunded_cents)::int as refunded, sum(tax_cents)::int as tax,
        sum(freight_cents)::int as freight, sum(refunded_tax_cents)::int as "refundedTax",
        sum(refunded_freight_cents)::int as "refundedFreight"
      from sales_days group by day order by day`);
  const goods = (rows: Record<string, unknown>[]) =>
    rows.map(({ day, orders, gross, refunded }) => ({ day, orders, gross, refunded }));
  const before = goods(
    await run(`select day::text, sum(orders)::int as orders, sum(gross_cents)::int as gross,
      sum(refunded_cents)::int as refunded from sales_days group by day order by day`),
  );
  await database.migrateAll();

  it('adds each counted sale its tax and freight, on its day, and the refund gives them back', async () => {
    const after = await days();
    expect(goods(after)).toEqual(before);
    const charges = after.map(({ day, tax, freight, refundedTax, refundedFreight }) => ({
      day,
      tax,
      freight,
      refundedTax,
      refundedFreight,
    }));
    expect(charges).toEqual([
      { day: '2026-03-09', tax: 771, freight: 4050, refundedTax: 0, refundedFreight: 0 },
      { day: '2026-03-10', tax: 386, freight: 900, refundedTax: 0, refundedFreight: 0 },
      { day: '2026-03-11', tax: 0, freight: 0, refundedTax: 0, refundedFreight: 0 },
      { day: '2026-03-12', tax: 0, freight: 0, refundedTax: 386, refundedFreight: 900 },
    ]);
  });

  it('counts a sale after it with its tax and freight', async () => {
    await sale('u1', piston, 1, 1234, 77, 990, '2026-03-11T18:00:00Z');
    const [row] = await run(`select sum(tax_cents)::int as tax, sum(freight_cents)::int as freight
      from sales_days where day = '2026-03-11'`);
    expect(row).toEqual({ tax: 77, freight: 990 });
  });
});
