import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  refusal,
  twoBuyersAndTwoParts,
} from '../../../test/migrations-before.ts';

/**
 * Migration 0034 (issue 37, credit notes) on a shop of 0033: the credit note tables arrive empty,
 * a return already there keeps its refund (the new amounts null), and a credit note's amounts
 * must add up, one per return.
 */
describe('migration 0032 (credit notes) on returns of 0033', async () => {
  const database = await databaseBefore('0034_credit-notes');
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
  await database.migrateAll();

  it('adds empty tables and leaves the refunded return as it was', async () => {
    expect(await run('select count(*)::int as n from credit_notes')).toEqual([{ n: 0 }]);
    expect(await run('select count(*)::int as n from credit_note_counters')).toEqual([{ n: 0 }]);
    expect(
      await run(
        `select refund_cents::int as cents, refund_tax_cents as tax, restocking_fee_cents as fee
          from returns where id = '${made?.id}'`,
      ),
    ).toEqual([{ cents: 2468, tax: null, fee: null }]);
  });

  it("counts the return's card refund made before it in the sales of its day, as goods", async () => {
    expect(
      await run(`select sum(refunds)::int as refunds, sum(refunded_cents)::int as cents
        from sales_days where day = '2026-05-03'`),
    ).toEqual([{ refunds: 1, cents: 2468 }]);
  });

  it('refuses amounts that do not add up, and a second note for one return', async () => {
    const note = (total: number, number: number) =>
      run(`insert into credit_notes (return_id, order_id, year, number_in_year, lines,
          subtotal_cents, tax_cents, freight_cents, fee_cents, total_cents, applied_cents)
        values ('${made?.id}', '${order}', 2026, ${number}, '[]', 2468, 27, 0, 247, ${total}, 0)`);
    expect(await refusal(note(2500, 1))).toMatch(/credit_notes_amounts/);
    expect(await refusal(note(2248, 1))).toBe('accepted');
    expect(await refusal(note(2248, 2))).toMatch(/credit_notes_return_unique/);
  });
});
