import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  refusal,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0041 (issue 37, paying back a credit note) on a shop of 0040: a credit note issued
 * before keeps its amounts and owes back what it owed (nothing paid back yet), and what is paid
 * back may never be more than the invoice did not take, nor less than nothing.
 */
describe('migration 0041 (credit note pay-back) on credit notes of 0040', async () => {
  const database = await databaseBefore('0041_credit-note-pay-back');
  afterAll(() => database.close());
  const { run } = database;
  const [piston] = await twoBuyersAndTwoParts(run);
  const order = await insertOrderRow(
    run,
    'u1',
    piston,
    7,
    1234,
    'shipped',
    '2026-05-01',
    '2026-05-01',
  );
  const [made] = await run(
    `insert into returns (order_id, user_id, state, rma_year, rma_number, refund_state, refund_cents,
        refunded_at)
      values ('${order}', 'u1', 'received', 2026, 1, 'refunded', 2468, '2026-05-03T10:00:00Z')
      returning id`,
  );
  // $24.68 credited, $4.00 of it taken by the invoice: $20.68 owed back.
  const [note] = await run(
    `insert into credit_notes (return_id, order_id, year, number_in_year, issued_by, lines,
        subtotal_cents, tax_cents, freight_cents, fee_cents, total_cents, applied_cents)
      values ('${made?.id}', '${order}', 2026, 1, 'u2', '[{"sku":"SKU"}]', 2468, 0, 0, 0, 2468, 400)
      returning id`,
  );
  await database.migrateAll();
  const payBack = (cents: number) =>
    run(`update credit_notes set paid_back_cents = ${cents}, paid_back_at = now(),
        paid_back_reference = 'BACS 1', paid_back_by = 'u2'
      where id = '${note?.id}'`);

  it('keeps the credit note as it was, nothing paid back yet', async () => {
    expect(
      await run(`select number_in_year as n, issued_by as "issuedBy", lines,
          total_cents::int as total, applied_cents::int as applied,
          paid_back_cents::int as "paidBack", paid_back_at as "paidBackAt",
          paid_back_reference as reference, paid_back_by as by
        from credit_notes where id = '${note?.id}'`),
    ).toEqual([
      {
        n: 1,
        issuedBy: 'u2',
        lines: [{ sku: 'SKU' }],
        total: 2468,
        applied: 400,
        paidBack: 0,
        paidBackAt: null,
        reference: null,
        by: null,
      },
    ]);
  });

  it('refuses a pay-back above what the invoice did not take, or below nothing', async () => {
    expect(await refusal(payBack(2069))).toMatch(/credit_notes_amounts/);
    expect(await refusal(payBack(-1))).toMatch(/credit_notes_amounts/);
    expect(await refusal(payBack(2068))).toBe('accepted');
  });

  it('keeps the pay-back when the admin who recorded it is deleted', async () => {
    await run(`delete from "user" where id = 'u2'`);
    expect(
      await run(`select paid_back_cents::int as "paidBack", paid_back_reference as reference,
          paid_back_by as by from credit_notes where id = '${note?.id}'`),
    ).toEqual([{ paidBack: 2068, reference: 'BACS 1', by: null }]);
  });
});
