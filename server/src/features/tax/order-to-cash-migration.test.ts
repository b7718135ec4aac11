import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0021 (issue 33) on a shop of 0020: orders keep their one-line address, total and
 * lines as they were (no row rewritten: the ERP feed's `changed_xid` and `updated_at` stay), with
 * no subtotal of their own (read as their total), no freight, no tax; companies keep their text
 * billing address and address book. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('migration 0021 (order to cash) on a shop with text addresses', async () => {
  const database = await databaseBefore('0021_order-to-cash');
  afterAll(() => database.close());
  const { run } = database;
  const [piston, pump] = await twoBuyersAndTwoParts(run);
  const paid = await insertOrderRow(
    run,
    'u1',
    piston,
    3,
    1234,
    'pending',
    '2026-01-05',
    '2026-01-05',
  );
  const unpaid = await insertOrderRow(run, 'u2', pump, 2, 50000, 'unpaid', '2026-02-01');
  await run(`update orders set address = '1 Mill Rd, Peoria IL 61602', phone = '+1 309 555 0100'
    where id in ('${paid}', '${unpaid}')`);
  const [company] = await run(`insert into companies (name, tax_id, billing_address)
    values ('Acme Ltd', 'DE136695976', 'Hauptstr. 1, 10115 Berlin') returning id`);
  await run(`insert into company_addresses (company_id, label, address)
    values ('${company?.id}', 'Plant', '2 Dock Rd, Hamburg')`);
  const before = await run(
    `select id, address, phone, total_cents::text, changed_xid::text, updated_at::text
     from orders order by id`,
  );
  await database.migrateAll();

  it('keeps every order as it was, with no subtotal of its own, no freight and no tax', async () => {
    const after = await run(
      `select id, address, phone, total_cents::text, changed_xid::text, updated_at::text
       from orders order by id`,
    );
    expect(after).toEqual(before);
    const money = await run(
      `select subtotal_cents, freight_cents::int, tax_cents::int, taxes, tax_note, ship_to,
         shipping_method from orders order by id`,
    );
    for (const row of money)
      expect(row).toEqual({
        subtotal_cents: null,
        freight_cents: 0,
        tax_cents: 0,
        taxes: [],
        tax_note: null,
        ship_to: null,
        shipping_method: null,
      });
    const lines = await run('select tax_cents::int as tax from order_lines');
    expect(lines).toEqual([{ tax: 0 }, { tax: 0 }]);
  });

  it('keeps the companies text addresses, and products get no weight until given one', async () => {
    expect(await run('select billing_address, billing_to from companies')).toEqual([
      { billing_address: 'Hauptstr. 1, 10115 Berlin', billing_to: null },
    ]);
    expect(await run('select address, ship_to from company_addresses')).toEqual([
      { address: '2 Dock Rd, Hamburg', ship_to: null },
    ]);
    expect(await run('select distinct weight_grams, length_mm from products')).toEqual([
      { weight_grams: 0, length_mm: 0 },
    ]);
    // The new tables start empty: no tax collected and no methods until the admin says so.
    expect(await run('select count(*)::int as n from tax_rates')).toEqual([{ n: 0 }]);
    expect(await run('select count(*)::int as n from shipping_methods')).toEqual([{ n: 0 }]);
  });
});
