import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAccountInvoice } from '../../../test/account-helpers.ts';
import type { TestUser } from '../../../test/auth-helper.ts';
import { buildCompanyFixture } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';

type Entry = {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * Issue 21: the decisions on orders of a company's approvers, payments recorded against invoices
 * on account, and quotes answered or declined each write exactly one audit entry; refused ones
 * none. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('audit log: approvals, recorded payments, quotes', async () => {
  const app = await buildTestApp();
  const f = await buildCompanyFixture(app);
  const { buyerA, approverA, shopAdmin } = f.users;

  let seen = '0';
  const newEntries = async () => {
    const rows = (
      await app.db.execute<Entry>(
        sql`select id::text as id, actor_id, actor_email, action, target_type, target_id,
          summary, before, after from audit_log where id > ${seen}::bigint order by id`,
      )
    ).rows;
    const last = rows.at(-1);
    if (last) seen = last.id;
    return rows;
  };
  beforeEach(async () => {
    await newEntries();
  });
  const call = (who: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: as(who), payload: payload ?? {} });

  /** An order of buyerA above their limit, awaiting approval; its id. */
  async function awaitingOrder() {
    const part = await createProduct(app, {
      priceCents: 50_000,
      minimumOrderQuantity: 1,
      availableQuantity: 100,
    });
    await app.db.execute(sql`delete from cart_lines where user_id = ${f.ids.buyerA}`);
    expect((await call(buyerA, 'PUT', `/cart/lines/${part.id}`, { quantity: 1 })).statusCode).toBe(
      200,
    );
    const res = await call(buyerA, 'POST', '/orders', { address: '1 Mill Road', phone: '555' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('awaiting_approval');
    return res.json().data._id as string;
  }

  it('an approval and a rejection: one entry each, by the approver; a second decision none', async () => {
    const toApprove = await awaitingOrder();
    const toReject = await awaitingOrder();
    await newEntries();
    expect(
      (await call(approverA, 'POST', `/company/approvals/${toApprove}/approve`)).statusCode,
    ).toBe(200);
    const reject = await call(approverA, 'POST', `/company/approvals/${toReject}/reject`, {
      reason: 'Over budget this quarter',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    // Decided already: refused, and not logged.
    expect(
      (await call(approverA, 'POST', `/company/approvals/${toApprove}/approve`)).statusCode,
    ).toBe(409);
    // The buyer may not decide their own order.
    expect(
      (await call(buyerA, 'POST', `/company/approvals/${toReject}/approve`)).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const entries = await newEntries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      actor_id: f.ids.approverA,
      actor_email: approverA.email,
      action: 'order.approve',
      target_type: 'order',
      target_id: toApprove,
      before: { status: 'awaiting_approval' },
      // By card: approved, it waits for the card.
      after: { status: 'unpaid' },
    });
    expect(entries[1]).toMatchObject({
      actor_id: f.ids.approverA,
      action: 'order.reject',
      target_id: toReject,
      after: { status: 'cancelled', rejectionReason: 'Over budget this quarter' },
    });
  });

  it('a payment recorded against an invoice on account: one entry; one above what is owed none', async () => {
    const orderId = await createAccountInvoice(app, {
      companyId: f.companyA,
      userId: f.ids.buyerA,
      totalCents: 30_000,
    });
    await newEntries();
    const pay = (amount: number) =>
      call(shopAdmin, 'POST', `/admin/invoices/${orderId}/payments`, {
        amount,
        reference: 'WIRE-77',
      });
    expect((await pay(500)).statusCode).toBe(400);
    expect((await pay(100)).statusCode).toBe(200);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: f.ids.shopAdmin,
      actor_email: shopAdmin.email,
      action: 'invoice.payment',
      target_type: 'invoice',
      target_id: orderId,
      after: { amount: 100, reference: 'WIRE-77', settled: false },
    });
  });

  it('a quote answered and one declined: one entry each; answering it again none', async () => {
    const part = await createProduct(app, { minimumOrderQuantity: 1 });
    const request = async () => {
      const res = await call(buyerA, 'POST', '/quotes', {
        message: 'Best price please',
        lines: [{ productId: part.id, quantity: 40 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data._id as string;
    };
    const [toAnswer, toDecline] = [await request(), await request()];
    await newEntries();
    const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const answer = () =>
      call(shopAdmin, 'POST', `/admin/quotes/${toAnswer}/answer`, {
        lines: [{ lineNo: 1, unitPrice: 9.5 }],
        leadTimeDays: 14,
        expiresOn,
        note: '',
      });
    expect((await answer()).statusCode).toBe(200);
    expect((await answer()).statusCode).toBe(409);
    const decline = () =>
      call(shopAdmin, 'POST', `/admin/quotes/${toDecline}/decline`, { note: 'Not our line' });
    expect((await decline()).statusCode).toBe(200);
    expect((await decline()).statusCode).toBe(409);
    const entries = await newEntries();
    expect(entries.map((entry) => [entry.action, entry.target_id])).toEqual([
      ['quote.answer', toAnswer],
      ['quote.decline', toDecline],
    ]);
    expect(entries[0]).toMatchObject({
      actor_id: f.ids.shopAdmin,
      after: { status: 'answered', total: 380, leadTimeDays: 14, expiresOn },
    });
  });
});
