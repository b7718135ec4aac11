import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCompanyFixture, type CompanyCaller } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { rowsOf } from '../../db/queryable.ts';

/**
 * Issue 37: a received return of an order on account is refunded by a credit note, numbered
 * without gaps, once whatever the races, lowering the invoice and the company's balance.
 */
describe('credit notes', async () => {
  const app = await buildTestApp();
  const f = await buildCompanyFixture(app);
  const call = (who: CompanyCaller, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: f.headersOf(who),
      ...(body ? { payload: body } : {}),
    });
  const balance = async () => {
    const sqlBalance = sql`select balance_cents as b from companies where id = ${f.companyA}`;
    return Number((await rowsOf<{ b: string }>(app.db, sqlBalance))[0]?.b);
  };

  /** adminA's order on account of 10 pieces at $12.34 (the line's tax set to `taxCents`), shipped. */
  const shippedOnAccount = async (taxCents = 137) => {
    const part = await createProduct(app, {
      priceCents: 1234,
      minimumOrderQuantity: 1,
      availableQuantity: 100,
    });
    const put = await call('adminA', 'PUT', `/cart/lines/${part.id}`, { quantity: 10 });
    expect(put.statusCode, put.body).toBe(200);
    const placed = await call('adminA', 'POST', '/orders', {
      address: '1 Mill Road, Springfield',
      phone: '555 0100',
      paymentTerms: 'account',
      poNumber: 'PO-CN-1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data._id as string;
    // The order's tax, as issue 33 charges it: on the line, and in the order's total and balance.
    await app.db.execute(
      sql`update order_lines set tax_cents = ${taxCents} where order_id = ${orderId}`,
    );
    await app.db.execute(
      sql`update orders set tax_cents = ${taxCents}, total_cents = total_cents + ${taxCents}
        where id = ${orderId}`,
    );
    await app.db.execute(
      sql`update companies set balance_cents = balance_cents + ${taxCents} where id = ${f.companyA}`,
    );
    const shipped = await call('shopAdmin', 'POST', `/manageOrder/${orderId}/shipments`, {
      lines: [{ productId: part.id, quantity: 10 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return { orderId, productId: part.id };
  };
  /** A return of `pieces` approved and received: `restock` of them restocked, the rest scrapped. */
  const received = async (orderId: string, productId: string, pieces: number, restock = pieces) => {
    const asked = await call('adminA', 'POST', `/orders/${orderId}/returns`, {
      lines: [{ productId, quantity: pieces, reason: 'not_needed' }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id as string;
    expect((await call('shopAdmin', 'POST', `/admin/returns/${id}/approve`)).statusCode).toBe(200);
    const outcomes = [
      { productId, quantity: restock, outcome: 'restock' },
      ...(pieces > restock ? [{ productId, quantity: pieces - restock, outcome: 'scrap' }] : []),
    ].filter((l) => l.quantity > 0);
    const got = await call('shopAdmin', 'POST', `/admin/returns/${id}/receive`, {
      lines: outcomes,
    });
    expect(got.statusCode, got.body).toBe(200);
    return id;
  };
  const refund = (id: string, body?: object) =>
    call('shopAdmin', 'POST', `/admin/returns/${id}/refund`, body);

  it('20 concurrent refunds issue one credit note, one number, and move the balance once', async () => {
    const { orderId, productId } = await shippedOnAccount();
    const id = await received(orderId, productId, 2);
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const ok = answers.find((r) => r.statusCode === 200)!.json();
    // 2 × $12.34 and 2/10 of 137 cents of tax (27.4, half up 27).
    const expected = 2 * 1234 + 27;
    expect(ok.data).toMatchObject({ refundState: 'refunded', refundCents: expected });
    expect(ok.data.creditNote).toMatchObject({ number: expect.stringMatching(/^CN-\d{4}-\d{6}$/) });
    expect(ok.message).toContain(ok.data.creditNote.number);
    expect(await balance()).toBe(before - expected);
    const notes = await rowsOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from credit_notes where return_id = ${id}`,
    );
    expect(notes[0]?.n).toBe(1);
    const paid = await rowsOf<{ paid: string; reference: string }>(
      app.db,
      sql`select i.paid_cents as paid, p.reference from invoices i
        join invoice_payments p on p.order_id = i.order_id where i.order_id = ${orderId}`,
    );
    expect(paid).toEqual([
      { paid: expect.anything(), reference: `Credit note ${ok.data.creditNote.number}` },
    ]);
    expect(Number(paid[0]?.paid)).toBe(expected);
    const audit = await rowsOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from audit_log
        where target_id = ${id} and action = 'return.credit_note'`,
    );
    expect(audit[0]?.n).toBe(1);
    // The buyer sees it on the return, and the statement beside the invoice.
    const seen = await call('adminA', 'GET', `/returns/${id}`);
    expect(seen.json().data.creditNote).toEqual(ok.data.creditNote);
    const statement = (await call('approverA', 'GET', '/company/statement')).json().data;
    const invoice = statement.invoices.find((i: { orderId: string }) => i.orderId === orderId);
    expect(invoice.creditNotes).toEqual([ok.data.creditNote]);
    expect(invoice.paid).toBe(expected / 100);
  });

  it('numbers credit notes without gaps: a refusal takes no number', async () => {
    const { orderId, productId } = await shippedOnAccount();
    const first = await received(orderId, productId, 1);
    const second = await received(orderId, productId, 1);
    // A return whose pieces were all refused has nothing to credit: 422, and no number taken.
    const asked = await call('adminA', 'POST', `/orders/${orderId}/returns`, {
      lines: [{ productId, quantity: 1, reason: 'not_needed' }],
    });
    const refusedId = asked.json().data.id as string;
    await call('shopAdmin', 'POST', `/admin/returns/${refusedId}/approve`);
    await call('shopAdmin', 'POST', `/admin/returns/${refusedId}/receive`, {
      lines: [{ productId, quantity: 1, outcome: 'refuse' }],
    });
    const a = (await refund(first)).json().data.creditNote.number as string;
    expect((await refund(refusedId)).statusCode).toBe(422);
    const b = (await refund(second)).json().data.creditNote.number as string;
    const numberOf = (n: string) => Number(n.slice(-6));
    expect(numberOf(b)).toBe(numberOf(a) + 1);
  });

  it('never gives back more tax than a line charged, across partial returns', async () => {
    // 5 cents of tax on 10 pieces: a piece's share is half a cent.
    const { orderId, productId } = await shippedOnAccount(5);
    const taxes: number[] = [];
    for (const pieces of [1, 1, 1, 7]) {
      const id = await received(orderId, productId, pieces);
      const answer = await refund(id);
      expect(answer.statusCode, answer.body).toBe(200);
      taxes.push(answer.json().data.refundTaxCents);
    }
    // Running shares: round(0.5) = 1, round(1.0) − 1 = 0, round(1.5) − 1 = 1, 5 − 2 = 3.
    expect(taxes).toEqual([1, 0, 1, 3]);
    expect(taxes.reduce((a, b) => a + b, 0)).toBe(5);
    // Everything given back: the invoice is settled, nothing is owed.
    const [invoice] = await rowsOf<{ settled: boolean }>(
      app.db,
      sql`select settled_at is not null as settled from invoices where order_id = ${orderId}`,
    );
    expect(invoice?.settled).toBe(true);
  });

  it("serves the credit note's PDF to the buyer's side and shop admins; anyone else 404", async () => {
    const { orderId, productId } = await shippedOnAccount();
    const id = await received(orderId, productId, 2);
    const note = (await refund(id)).json().data.creditNote;
    const url = `/credit-notes/${note.id}.pdf`;
    const status: Record<CompanyCaller, number> = {
      visitor: 401,
      adminA: 200,
      buyerA: 404,
      approverA: 200,
      removedA: 404,
      adminB: 404,
      outsider: 404,
      shopAdmin: 200,
    };
    for (const [caller, expected] of Object.entries(status))
      expect((await call(caller as CompanyCaller, 'GET', url)).statusCode, caller).toBe(expected);
    const pdf = await call('adminA', 'GET', url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).join('\n');
    expect(text).toContain(`Credit note ${note.number}`);
    expect(text).toMatch(/Invoice: \d{4}-\d{6}/);
    expect(text).toMatch(/Return: RMA-\d{4}-\d{6}/);
    expect(text).toContain('$24.68');
    expect(text).toContain('(tax $0.27)');
    expect(text).toContain('$24.95');
    expect((await call('adminA', 'GET', '/credit-notes/not-a-uuid.pdf')).statusCode).toBe(400);
    expect(
      (await call('shopAdmin', 'GET', '/credit-notes/00000000-0000-4000-8000-000000000000.pdf'))
        .statusCode,
    ).toBe(404);
  });

  it('keeps a restocking fee and gives freight back when asked, once per order', async () => {
    const { orderId, productId } = await shippedOnAccount();
    // $9.50 of freight, taxed 76 cents: the order's tax is the line's 137 and the freight's 76.
    await app.db.execute(
      sql`update orders set freight_cents = 950, tax_cents = tax_cents + 76,
          total_cents = total_cents + 1026 where id = ${orderId}`,
    );
    await app.db.execute(
      sql`update companies set balance_cents = balance_cents + 1026 where id = ${f.companyA}`,
    );
    const first = await received(orderId, productId, 2, 1);
    const before = await balance();
    const answer = await refund(first, { restockingFeePercent: 15, refundFreight: true });
    expect(answer.statusCode, answer.body).toBe(200);
    // Goods 2 × 1234 = 2468, their tax 27, freight 950 and its tax 76, less 15 % of 2468 (370.2).
    expect(answer.json().data).toMatchObject({
      refundCents: 2468 + 27 + 950 + 76 - 370,
      refundTaxCents: 27 + 76,
      refundFreightCents: 950,
      restockingFeeCents: 370,
    });
    expect(await balance()).toBe(before - 3151);
    const second = await received(orderId, productId, 1);
    const again = await refund(second, { refundFreight: true });
    // Freight went back with the first return; the second gives back its piece and tax only.
    expect(again.json().data).toMatchObject({
      refundCents: 1234 + 14,
      refundFreightCents: 0,
      restockingFeeCents: 0,
    });
    const pdf = await call(
      'shopAdmin',
      'GET',
      `/credit-notes/${answer.json().data.creditNote.id}.pdf`,
    );
    const text = (await readPdf(pdf.rawPayload)).join('\n');
    expect(text).toContain('Restocking fee');
    expect(text).toContain('-$3.70');
    expect(text).toContain('$9.50');
    expect(text).toContain('$31.51');
  });

  it.each([
    [{ restockingFeePercent: 101 }, /at most 100/],
    [{ restockingFeePercent: -1 }, /at least 0/],
    [{ restockingFeePercent: 1.5 }, /whole percent/],
    [{ restockingFeePercent: '10' }, /whole percent/],
    [{ refundFreight: 'yes' }, /true or false/],
  ])('refuses a bad refund %j (400), refunding nothing', async (body, message) => {
    const { orderId, productId } = await shippedOnAccount();
    const id = await received(orderId, productId, 1);
    const answer = await refund(id, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(message),
    });
    expect((await call('adminA', 'GET', `/returns/${id}`)).json().data.refundState).toBeNull();
  });

  it('exports the returns of a range as CSV, with their refund and credit note (admin)', async () => {
    const { orderId, productId } = await shippedOnAccount();
    const id = await received(orderId, productId, 3, 2);
    const credited = (await refund(id, { restockingFeePercent: 10 })).json().data;
    const today = new Date().toISOString().slice(0, 10);
    const url = `/admin/returns/export.csv?from=${today}&to=${today}`;
    expect((await call('adminA', 'GET', url)).statusCode).toBe(403);
    const res = await call('shopAdmin', 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.find((row) => row.rmaNumber === credited.rmaNumber)).toMatchObject({
      state: 'received',
      orderId,
      company: 'Company A Ltd',
      pieces: '3',
      restocked: '2',
      scrapped: '1',
      refused: '0',
      // 3 × $12.34 = $37.02 and 41 cents of tax, less 10 % of $37.02 ($3.70).
      refund: '33.73',
      tax: '0.41',
      freight: '0.00',
      deposits: '0.00',
      restockingFee: '3.70',
      creditNote: credited.creditNote.number,
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const none = await call(
      'shopAdmin',
      'GET',
      `/admin/returns/export.csv?from=${yesterday}&to=${yesterday}`,
    );
    expect(parse(none.body, { columns: true })).toEqual([]);
  });
});
