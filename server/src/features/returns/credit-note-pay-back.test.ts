import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCompanyFixture, type CompanyCaller } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { rowsOf } from '../../db/queryable.ts';

/**
 * Issue 37: what a credit note's invoice no longer owed (it was paid already) is owed back to the
 * company; a shop admin records that it was paid back, once, with the transfer's reference.
 */
describe('paying back a credit note', async () => {
  const app = await buildTestApp();
  const f = await buildCompanyFixture(app);
  const call = (
    who: CompanyCaller,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...f.headersOf(who), ...headers },
      ...(body ? { payload: body } : {}),
    });
  const payBack = (id: string, body: object = { reference: 'BACS 20261130-1' }, as = 'shopAdmin') =>
    call(as as CompanyCaller, 'POST', `/admin/credit-notes/${id}/pay-back`, body);

  /**
   * adminA's order on account of 10 pieces at $12.34 ($123.40), shipped, of which `paidCents`
   * were paid; then 2 pieces ($24.68) returned, received and credited: the credit note.
   */
  const creditNoteAfterPaying = async (paidCents: number) => {
    const part = await createProduct(app, {
      priceCents: 1234,
      minimumOrderQuantity: 1,
      availableQuantity: 100,
    });
    expect(
      (await call('adminA', 'PUT', `/cart/lines/${part.id}`, { quantity: 10 })).statusCode,
    ).toBe(200);
    const placed = await call('adminA', 'POST', '/orders', {
      address: '1 Mill Road, Springfield',
      phone: '555 0100',
      paymentTerms: 'account',
      poNumber: 'PO-PAY-BACK',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data._id as string;
    const shipped = await call('shopAdmin', 'POST', `/manageOrder/${orderId}/shipments`, {
      lines: [{ productId: part.id, quantity: 10 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    if (paidCents > 0) {
      const paid = await call('shopAdmin', 'POST', `/admin/invoices/${orderId}/payments`, {
        amount: paidCents / 100,
        reference: 'Wire in',
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const asked = await call('adminA', 'POST', `/orders/${orderId}/returns`, {
      lines: [{ productId: part.id, quantity: 2, reason: 'not_needed' }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = asked.json().data.id as string;
    const admin = (step: string, body?: object) =>
      call('shopAdmin', 'POST', `/admin/returns/${returnId}/${step}`, body);
    expect((await admin('approve')).statusCode).toBe(200);
    const got = await admin('receive', {
      lines: [{ productId: part.id, quantity: 2, outcome: 'restock' }],
    });
    expect(got.statusCode, got.body).toBe(200);
    const refunded = await admin('refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    return { orderId, returnId, note: refunded.json().data.creditNote };
  };

  const rowOf = async (id: string) =>
    (
      await rowsOf<{
        paid: string;
        at: Date | string | null;
        reference: string | null;
        by: string;
      }>(
        app.db,
        sql`select paid_back_cents as paid, paid_back_at as at, paid_back_reference as reference,
            paid_back_by as by from credit_notes where id = ${id}`,
      )
    )[0];
  const auditsOf = (id: string) =>
    rowsOf<{ actorId: string; summary: string; after: Record<string, unknown> }>(
      app.db,
      sql`select actor_id as "actorId", summary, after from audit_log
        where target_type = 'credit_note' and target_id = ${id}
          and action = 'credit_note.paid_back'`,
    );
  const balance = async () =>
    Number(
      (
        await rowsOf<{ b: string }>(
          app.db,
          sql`select balance_cents as b from companies where id = ${f.companyA}`,
        )
      )[0]?.b,
    );
  const pdfText = async (id: string) =>
    (await readPdf((await call('adminA', 'GET', `/credit-notes/${id}.pdf`)).rawPayload)).join('\n');

  it('records the pay-back of what the invoice no longer owed; the statement, returns and PDF say so', async () => {
    // $120 of $123.40 paid: the note of $24.68 takes the $3.40 still owed, $21.28 is owed back.
    const { orderId, returnId, note } = await creditNoteAfterPaying(12_000);
    expect(note).toMatchObject({
      totalCents: 2468,
      appliedCents: 340,
      owedBackCents: 2128,
      paidBackCents: 0,
      paidBackAt: null,
      paidBackReference: null,
    });
    expect(await pdfText(note.id)).toContain('Owed back to you (the invoice was paid): $21.28');
    const before = await balance();

    const answer = await payBack(note.id, { reference: '  BACS 20261130-1  ' });
    expect(answer.statusCode, answer.body).toBe(200);
    const paid = answer.json();
    expect(paid).toMatchObject({
      success: true,
      message: `Paid back 21.28 of credit note ${note.number}`,
      data: {
        id: note.id,
        number: note.number,
        totalCents: 2468,
        appliedCents: 340,
        owedBackCents: 0,
        paidBackCents: 2128,
        paidBackReference: 'BACS 20261130-1',
      },
    });
    expect(Date.now() - Date.parse(paid.data.paidBackAt)).toBeLessThan(60_000);
    expect(await rowOf(note.id)).toMatchObject({
      reference: 'BACS 20261130-1',
      by: f.ids.shopAdmin,
    });
    expect(Number((await rowOf(note.id))?.paid)).toBe(2128);
    // Money went out of the shop, not off the company's account: the balance stays.
    expect(await balance()).toBe(before);
    const audits = await auditsOf(note.id);
    expect(audits).toEqual([
      {
        actorId: f.ids.shopAdmin,
        summary: `Paid back $21.28 of credit note ${note.number} to Company A Ltd (reference BACS 20261130-1)`,
        after: { paidBackCents: 2128, owedBackCents: 0, paidBackReference: 'BACS 20261130-1' },
      },
    ]);

    // The company's statement, beside the invoice, and the admin's returns list.
    const statement = (await call('approverA', 'GET', '/company/statement')).json().data;
    const invoice = statement.invoices.find((i: { orderId: string }) => i.orderId === orderId);
    expect(invoice.creditNotes).toEqual([paid.data]);
    const listed = (await call('shopAdmin', 'GET', '/admin/returns?state=received')).json().data;
    expect(listed.find((r: { id: string }) => r.id === returnId).creditNote).toEqual(paid.data);
    expect((await call('adminA', 'GET', `/returns/${returnId}`)).json().data.creditNote).toEqual(
      paid.data,
    );

    const text = await pdfText(note.id);
    expect(text).toMatch(/Paid back to you on \w+ \d{1,2}, \d{4}: \$21\.28/);
    expect(text).toContain('(reference BACS 20261130-1)');
    expect(text).not.toContain('Owed back');
  });

  it('answers 409 when nothing is owed back (the invoice took the whole note), changing nothing', async () => {
    const { note } = await creditNoteAfterPaying(0);
    expect(note).toMatchObject({ totalCents: 2468, appliedCents: 2468, owedBackCents: 0 });
    const answer = await payBack(note.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      success: false,
      message:
        'Nothing of this credit note is owed back: all of it went to the invoice, which still owed it',
    });
    expect(await rowOf(note.id)).toMatchObject({ paid: expect.anything(), at: null, by: null });
    expect(Number((await rowOf(note.id))?.paid)).toBe(0);
    expect(await auditsOf(note.id)).toEqual([]);
  });

  it('answers 409 to a second pay-back, keeping the first', async () => {
    const { note } = await creditNoteAfterPaying(12_340);
    expect(note.owedBackCents).toBe(2468);
    expect((await payBack(note.id, { reference: 'Cheque 1001' })).statusCode).toBe(200);
    const again = await payBack(note.id, { reference: 'Cheque 1002' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'This credit note was paid back already',
    });
    expect(await rowOf(note.id)).toMatchObject({ reference: 'Cheque 1001' });
    expect(Number((await rowOf(note.id))?.paid)).toBe(2468);
    expect(await auditsOf(note.id)).toHaveLength(1);
  });

  it('20 concurrent pay-backs: exactly one succeeds, the note is paid back once', async () => {
    const { note } = await creditNoteAfterPaying(12_340);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => payBack(note.id, { reference: `Race ${n}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    expect(winner.paidBackCents).toBe(2468);
    expect(await rowOf(note.id)).toMatchObject({ reference: winner.paidBackReference });
    expect(Number((await rowOf(note.id))?.paid)).toBe(2468);
    expect(await auditsOf(note.id)).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key as the first time, paying back once', async () => {
    const { note } = await creditNoteAfterPaying(12_340);
    const key = { 'idempotency-key': `pay-back-${note.id}` };
    const url = `/admin/credit-notes/${note.id}/pay-back`;
    const body = { reference: 'BACS replay' };
    const first = await call('shopAdmin', 'POST', url, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await call('shopAdmin', 'POST', url, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    // Another body under the same key is refused; a new key meets the note paid back.
    expect((await call('shopAdmin', 'POST', url, { reference: 'Other' }, key)).statusCode).toBe(
      422,
    );
    expect(
      (await call('shopAdmin', 'POST', url, body, { 'idempotency-key': 'another' })).statusCode,
    ).toBe(409);
    expect(await auditsOf(note.id)).toHaveLength(1);
  });

  it('answers 404 for a credit note that does not exist', async () => {
    const answer = await payBack('00000000-0000-4000-8000-000000000000');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ success: false, message: 'Credit note not found' });
  });

  it.each([
    [{}, /Reference/],
    [{ reference: '' }, /Reference is required/],
    [{ reference: '    ' }, /Reference is required/],
    [{ reference: 'x'.repeat(101) }, /at most 100 characters/],
    [{ reference: 42 }, /Reference must be text/],
  ])('refuses the body %j (400), paying back nothing', async (body, message) => {
    const { note } = await creditNoteAfterPaying(12_340);
    const answer = await payBack(note.id, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(message),
    });
    expect(await rowOf(note.id)).toMatchObject({ at: null, reference: null });
  });

  it('refuses an id that is no uuid (400)', async () => {
    const answer = await payBack('not-a-uuid');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/Unknown credit note id/),
    });
  });

  it('refuses a visitor (401), customers and company admins (403): only a shop admin pays back', async () => {
    const { note } = await creditNoteAfterPaying(12_340);
    const refused: Partial<Record<CompanyCaller, number>> = {
      visitor: 401,
      adminA: 403,
      buyerA: 403,
      approverA: 403,
      adminB: 403,
      outsider: 403,
    };
    for (const [caller, status] of Object.entries(refused)) {
      const answer = await payBack(note.id, undefined, caller);
      expect(answer.statusCode, caller).toBe(status);
      expect(answer.json().success, caller).toBe(false);
    }
    expect(await rowOf(note.id)).toMatchObject({ at: null, reference: null });
    expect(Number((await rowOf(note.id))?.paid)).toBe(0);
  });
});
