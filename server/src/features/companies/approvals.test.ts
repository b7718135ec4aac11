import { companyMessages } from '@proper-parts/domain/companies';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth-helper.ts';
import {
  BUYER_A_LIMIT,
  buildCompanyFixture,
  COMPANY_A_CREDIT,
} from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, stockOf } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { createMailer } from '../mail/mailer.ts';
import { sweepExpiredApprovals } from './approval-sweep.ts';
import { expireApprovals } from './approvals-repository.ts';

/**
 * Issue 19: spending limits, approvals and paying on account at checkout. Company A pays net 30
 * with $10,000 of credit; its buyer may order up to $100 (test/company-matrix/fixture.ts).
 */
describe('approvals and paying on account', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const f = await buildCompanyFixture(app);
  const { buyerA, approverA, adminA, adminB, outsider } = f.users;

  /** A part at `price` dollars, sold one by one. */
  const part = (price: number, stock = 1000) =>
    createProduct(app, {
      priceCents: Math.round(price * 100),
      minimumOrderQuantity: 1,
      availableQuantity: stock,
    });

  async function checkout(
    who: TestUser,
    lines: { id: string; quantity: number }[],
    body: Record<string, unknown> = {},
  ) {
    for (const line of lines) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/v1/cart/lines/${line.id}`,
        headers: as(who),
        payload: { quantity: line.quantity },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    return app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(who),
      payload: { address: '1 Mill Road', phone: '555 0100', ...body },
    });
  }

  const balanceOf = async (companyId: string) => {
    const result = await app.db.execute(
      sql`select balance_cents as "b" from companies where id = ${companyId}`,
    );
    return Number((result.rows[0] as { b: string | number }).b) / 100;
  };
  const cartSize = async (who: TestUser) =>
    (await app.inject({ url: '/api/v1/cart', headers: as(who) })).json().data.lines.length;
  const decide = (who: TestUser, id: string, verb: 'approve' | 'reject', body?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/company/approvals/${id}/${verb}`,
      headers: as(who),
      ...(body ? { payload: body } : {}),
    });
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it("places a buyer's order within their limit as an ordinary card order of the company", async () => {
    const p = await part(10);
    const res = await checkout(buyerA, [{ id: p.id, quantity: 5 }]);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({ status: 'unpaid', paymentTerms: 'card', companyId: f.companyA });
    expect(order.approvalExpiresAt).toBeNull();
  });

  it('holds an order above the limit for approval, stock reserved, and mails the approvers and the buyer', async () => {
    const p = await part(30, 50);
    const res = await checkout(buyerA, [{ id: p.id, quantity: 4 }]); // $120 > $100
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order.status).toBe('awaiting_approval');
    expect(res.json().message).toMatch(/awaits approval/);
    const hold = Date.parse(order.approvalExpiresAt) - Date.now();
    expect(hold).toBeGreaterThan(71 * 3_600_000);
    expect(hold).toBeLessThanOrEqual(72 * 3_600_000);
    expect(await stockOf(app, p.id)).toBe(46);
    expect(await cartSize(buyerA)).toBe(0);
    const approverMail = await outbox.waitForMail(
      approverA.email,
      /placed an order above their limit/,
    );
    expect(approverMail).toContain('/dashboard/approvals');
    await outbox.waitForMail(adminA.email, /placed an order above their limit/);
    await outbox.waitForMail(buyerA.email, /asked to approve it/);
    // Not payable by card until approved.
    const intent = await app.inject({
      method: 'POST',
      url: '/api/v1/create-payment-intent',
      headers: as(buyerA),
      payload: { orderId: order._id },
    });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toMatch(/awaits approval/);
  });

  it("holds a Purchase Now order (POST /purchase) above the buyer's limit for approval too", async () => {
    const p = await part(30, 50);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/purchase',
      headers: as(buyerA),
      payload: { toolId: p.id, quantity: 4, address: '1 Mill Road', phone: '555 0100' }, // $120
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/awaits approval/);
    const id = res.json().data.insertedId;
    const order = (
      await app.inject({ url: `/api/v1/myPurchase/${id}`, headers: as(buyerA) })
    ).json().data;
    expect(order).toMatchObject({ status: 'awaiting_approval', companyId: f.companyA });
    expect(await stockOf(app, p.id)).toBe(46);
    await outbox.waitForMail(approverA.email, new RegExp(`above their limit[^]*Order id: ${id}`));
    // Within the limit it is an ordinary card order of the company.
    const small = await app.inject({
      method: 'POST',
      url: '/api/v1/purchase',
      headers: as(buyerA),
      payload: { toolId: p.id, quantity: 1, address: '1 Mill Road', phone: '555 0100' },
    });
    const within = (
      await app.inject({
        url: `/api/v1/myPurchase/${small.json().data.insertedId}`,
        headers: as(buyerA),
      })
    ).json().data;
    expect(within).toMatchObject({ status: 'unpaid', companyId: f.companyA });
    // The approver decides it as any other.
    const approved = await decide(approverA, id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('unpaid');
  });

  it('lists the awaiting orders for approvers and company admins only, oldest first, by keyset', async () => {
    const p = await part(60);
    const first = (await checkout(buyerA, [{ id: p.id, quantity: 2 }])).json().data._id;
    const second = (await checkout(buyerA, [{ id: p.id, quantity: 3 }])).json().data._id;
    const page = await app.inject({
      url: '/api/v1/company/approvals?limit=100',
      headers: as(approverA),
    });
    expect(page.statusCode).toBe(200);
    const ids = page.json().data.map((o: { _id: string }) => o._id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const one = await app.inject({ url: '/api/v1/company/approvals?limit=1', headers: as(adminA) });
    const next = await app.inject({
      url: `/api/v1/company/approvals?limit=1&cursor=${one.json().nextCursor}`,
      headers: as(adminA),
    });
    expect(next.json().data[0]._id).not.toBe(one.json().data[0]._id);
    expect(
      (await app.inject({ url: '/api/v1/company/approvals', headers: as(buyerA) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: '/api/v1/company/approvals', headers: as(adminB) })).json().data,
    ).toEqual([]);
    expect(
      (await app.inject({ url: '/api/v1/company/approvals', headers: as(outsider) })).statusCode,
    ).toBe(404);
  });

  it('approves a card order once: it then waits for the card; a second decision is refused', async () => {
    const p = await part(101);
    const order = (await checkout(buyerA, [{ id: p.id, quantity: 1 }])).json().data;
    expect(order.status).toBe('awaiting_approval');
    const approved = await decide(approverA, order._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('unpaid');
    await outbox.waitForMail(buyerA.email, /was approved[\s\S]*card payment/);
    expect((await decide(adminA, order._id, 'approve')).statusCode).toBe(409);
    expect((await decide(adminA, order._id, 'reject', { reason: 'Too late' })).statusCode).toBe(
      409,
    );
  });

  it('refuses a buyer approving, another company approving, and approving your own order', async () => {
    const p = await part(150);
    const order = (await checkout(buyerA, [{ id: p.id, quantity: 1 }])).json().data;
    const byBuyer = await decide(buyerA, order._id, 'approve');
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toMatch(/approver/);
    expect((await decide(adminB, order._id, 'approve')).statusCode).toBe(404);
    expect((await decide(outsider, order._id, 'approve')).statusCode).toBe(404);
    // The buyer is made an approver while the order waits: still not their own order to approve.
    await app.db.execute(
      sql`update company_members set role = 'approver' where user_id = ${f.ids.buyerA}`,
    );
    try {
      const own = await decide(buyerA, order._id, 'approve');
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toMatch(/your own order/);
    } finally {
      await app.db.execute(
        sql`update company_members set role = 'buyer' where user_id = ${f.ids.buyerA}`,
      );
    }
  });

  it('rejects with a reason: the order is cancelled, its stock and held credit go back, the buyer is told', async () => {
    const p = await part(50, 20);
    const before = await balanceOf(f.companyA);
    const res = await checkout(buyerA, [{ id: p.id, quantity: 10 }], {
      paymentTerms: 'account',
      poNumber: 'PO-REJECT-1',
    });
    const order = res.json().data;
    expect(order.status).toBe('awaiting_approval');
    expect(order.invoiceNumber).toBeNull();
    expect(await balanceOf(f.companyA)).toBe(before + 500);
    expect(await stockOf(app, p.id)).toBe(10);
    const noReason = await decide(approverA, order._id, 'reject', { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await decide(approverA, order._id, 'reject', { reason: 'Over budget' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'cancelled',
      rejectionReason: 'Over budget',
    });
    expect(await stockOf(app, p.id)).toBe(20);
    expect(await balanceOf(f.companyA)).toBe(before);
    await outbox.waitForMail(buyerA.email, /not approved: Over budget/);
    // The buyer reads why on the order.
    const mine = await app.inject({ url: `/api/v1/myPurchase/${order._id}`, headers: as(buyerA) });
    expect(mine.json().data.rejectionReason).toBe('Over budget');
  });

  it('pays on account within the credit: to shipping at once, invoiced, due after the terms', async () => {
    const p = await part(20);
    const before = await balanceOf(f.companyA);
    const res = await checkout(approverA, [{ id: p.id, quantity: 10 }], {
      paymentTerms: 'account',
      poNumber: 'PO-7781',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order).toMatchObject({
      status: 'pending',
      paid: false,
      paymentTerms: 'account',
      poNumber: 'PO-7781',
      dueOn: inDays(30),
    });
    expect(order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(await balanceOf(f.companyA)).toBe(before + 200);
    await outbox.waitForMail(approverA.email, /invoiced on account[\s\S]*due/);
    // Not payable by card; it ships as a paid one does.
    const intent = await app.inject({
      method: 'POST',
      url: '/api/v1/create-payment-intent',
      headers: as(approverA),
      payload: { orderId: order._id },
    });
    expect(intent.statusCode).toBe(409);
    const ship = await app.inject({
      method: 'PATCH',
      url: `/api/v1/manageOrder/${order._id}`,
      headers: as(f.users.shopAdmin),
    });
    expect(ship.statusCode, ship.body).toBe(200);
  });

  it('an invoiced order on account is not cancelled by the buyer or the shop, and the 409 says why (not "Already Paid"); its credit stays owed', async () => {
    const p = await part(20);
    const order = (
      await checkout(approverA, [{ id: p.id, quantity: 1 }], {
        paymentTerms: 'account',
        poNumber: 'PO-KEEP',
      })
    ).json().data;
    expect(order).toMatchObject({ status: 'pending', paid: false });
    const before = await balanceOf(f.companyA);
    for (const [who, url] of [
      [approverA, `/api/v1/myPurchase/${order._id}`],
      [f.users.shopAdmin, `/api/v1/manageOrder/${order._id}`],
    ] as const) {
      const res = await app.inject({ method: 'DELETE', url, headers: as(who) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(companyMessages.invoicedOnAccount);
    }
    expect(await balanceOf(f.companyA)).toBe(before);
    // An order awaiting approval does not ship, and is not called shipped.
    const waiting = (await checkout(buyerA, [{ id: p.id, quantity: 6 }])).json().data; // $120
    expect(waiting.status).toBe('awaiting_approval');
    const ship = await app.inject({
      method: 'PATCH',
      url: `/api/v1/manageOrder/${waiting._id}`,
      headers: as(f.users.shopAdmin),
    });
    expect(ship.statusCode).toBe(409);
    expect(ship.json().message).toBe(companyMessages.awaitsApproval);
  });

  it('approves an order on account into an invoice due after the terms', async () => {
    const p = await part(75);
    const order = (
      await checkout(buyerA, [{ id: p.id, quantity: 2 }], {
        paymentTerms: 'account',
        poNumber: 'PO-APPROVE-1',
      })
    ).json().data;
    expect(order.status).toBe('awaiting_approval');
    const approved = (await decide(adminA, order._id, 'approve')).json().data;
    expect(approved).toMatchObject({
      status: 'pending',
      paymentTerms: 'account',
      dueOn: inDays(30),
    });
    expect(approved.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    // Issue 34: created, approved and invoiced, each in the statement of its change, in order.
    const events = (
      await app.db.execute<{ type: string; data: Record<string, unknown> }>(
        sql`select type, data from outbox_events where subject = ${`order:${order._id}`} order by seq`,
      )
    ).rows;
    expect(events.map((event) => event.type)).toEqual([
      'order.created',
      'order.approved',
      'invoice.created',
    ]);
    expect(events[1]?.data).toMatchObject({ id: order._id, status: 'pending' });
    expect(events[2]?.data).toEqual({
      orderId: order._id,
      number: approved.invoiceNumber,
      dueOn: inDays(30),
    });
  });

  it('refuses approving an order on account once the shop has withdrawn the terms: no invoice without a due day', async () => {
    const p = await part(75);
    const order = (
      await checkout(buyerA, [{ id: p.id, quantity: 2 }], {
        paymentTerms: 'account',
        poNumber: 'PO-NO-TERMS',
      })
    ).json().data;
    expect(order.status).toBe('awaiting_approval');
    const terms = (termsDays: number | null) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/companies/${f.companyA}/terms`,
        headers: as(f.users.shopAdmin),
        payload: { termsDays, creditLimit: COMPANY_A_CREDIT },
      });
    expect((await terms(null)).statusCode).toBe(200);
    try {
      const refused = await decide(approverA, order._id, 'approve');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/cannot pay on account/);
      const invoices = await app.db.execute(
        sql`select count(*)::int as n from invoices where order_id = ${order._id}`,
      );
      expect(invoices.rows[0]).toEqual({ n: 0 });
      // An invoice on account without a due day answered the statement and the shop's invoice
      // list with a 500 (`overdue` null).
      const statement = await app.inject({ url: '/api/v1/company/statement', headers: as(adminA) });
      expect(statement.statusCode).toBe(200);
    } finally {
      expect((await terms(30)).statusCode).toBe(200);
    }
    const approved = await decide(approverA, order._id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'pending', dueOn: inDays(30) });
  });

  it('refuses paying on account without a PO number, without terms, or outside a company', async () => {
    const p = await part(5);
    const noPo = await checkout(approverA, [{ id: p.id, quantity: 1 }], {
      paymentTerms: 'account',
    });
    expect(noPo.statusCode).toBe(400);
    expect(noPo.json().message).toMatch(/PO number is required/);
    const noTerms = await checkout(adminB, [{ id: p.id, quantity: 1 }], {
      paymentTerms: 'account',
      poNumber: 'PO-B',
    });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().message).toMatch(/cannot pay on account/);
    expect(await cartSize(adminB)).toBe(1);
    const outside = await checkout(outsider, [{ id: p.id, quantity: 1 }], {
      paymentTerms: 'account',
      poNumber: 'PO-X',
    });
    expect(outside.statusCode).toBe(400);
    const junk = await checkout(outsider, [], { paymentTerms: 'cheque' });
    expect(junk.statusCode).toBe(400);
  });

  it('refuses an order above the remaining credit, and takes nothing', async () => {
    const p = await part(1000, 100);
    const left = COMPANY_A_CREDIT - (await balanceOf(f.companyA));
    const quantity = Math.floor(left / 1000) + 1;
    const res = await checkout(adminA, [{ id: p.id, quantity }], {
      paymentTerms: 'account',
      poNumber: 'PO-BIG',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/remaining credit/);
    expect(await stockOf(app, p.id)).toBe(100);
    expect(await cartSize(adminA)).toBe(1);
    await app.inject({ method: 'DELETE', url: `/api/v1/cart/lines/${p.id}`, headers: as(adminA) });
  });

  it('never lets two orders on account at once overrun the credit', async () => {
    const p = await part(1, 1_000_000);
    const left = COMPANY_A_CREDIT - (await balanceOf(f.companyA));
    // Each order takes 60% of what is left: both fit alone, not together.
    const each = Math.floor(left * 0.6);
    for (const who of [adminA, approverA])
      await app.inject({
        method: 'PUT',
        url: `/api/v1/cart/lines/${p.id}`,
        headers: as(who),
        payload: { quantity: each },
      });
    const body = {
      address: '1 Mill Road',
      phone: '555',
      paymentTerms: 'account',
      poNumber: 'PO-R',
    };
    const results = await Promise.all(
      [adminA, approverA].map((who) =>
        app.inject({ method: 'POST', url: '/api/v1/orders', headers: as(who), payload: body }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(f.companyA)).toBeLessThanOrEqual(COMPANY_A_CREDIT);
    for (const who of [adminA, approverA])
      await app.inject({ method: 'DELETE', url: `/api/v1/cart/lines/${p.id}`, headers: as(who) });
  });

  it('lets the buyer withdraw an order awaiting approval, giving back its stock and credit', async () => {
    const p = await part(200, 10);
    const before = await balanceOf(f.companyA);
    const order = (
      await checkout(buyerA, [{ id: p.id, quantity: 1 }], {
        paymentTerms: 'account',
        poNumber: 'PO-W',
      })
    ).json().data;
    expect(await balanceOf(f.companyA)).toBe(before + 200);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/myPurchase/${order._id}`,
      headers: as(buyerA),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(app, p.id)).toBe(10);
    expect(await balanceOf(f.companyA)).toBe(before);
    expect((await decide(approverA, order._id, 'approve')).statusCode).toBe(409);
  });

  it('releases an order whose approval hold ran out, once, and refuses approving it', async () => {
    const p = await part(120, 5);
    const order = (await checkout(buyerA, [{ id: p.id, quantity: 1 }])).json().data;
    await app.db.execute(
      sql`update orders set approval_expires_at = now() - interval '1 minute' where id = ${order._id}`,
    );
    const late = await decide(approverA, order._id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/run out/);
    const [first, second] = await Promise.all([expireApprovals(app.db), expireApprovals(app.db)]);
    const swept = [...(first ?? []), ...(second ?? [])].filter((o) => o._id === order._id);
    expect(swept).toHaveLength(1);
    expect(swept[0]?.status).toBe('cancelled');
    expect(await stockOf(app, p.id)).toBe(5);
  });

  it("the server's sweep cancels what ran out and mails the buyer why", async () => {
    const mailer = createMailer({ smtpUrl: outbox.url, from: 'shop@example.com', log: app.log });
    const p = await part(130, 5);
    const order = (await checkout(buyerA, [{ id: p.id, quantity: 1 }])).json().data;
    await app.db.execute(
      sql`update orders set approval_expires_at = now() - interval '1 second' where id = ${order._id}`,
    );
    expect(await sweepExpiredApprovals(app.db, mailer, app.log)).toBe(1);
    const mail = await outbox.waitForMail(buyerA.email, /Not approved in time/);
    expect(mail).toContain(order._id);
    expect(await stockOf(app, p.id)).toBe(5);
    expect(await sweepExpiredApprovals(app.db, mailer, app.log)).toBe(0);
  });

  it('applies a limit changed by the company admin to the next order', async () => {
    const p = await part(150);
    await app.db.execute(
      sql`update company_members set order_limit_cents = null where user_id = ${f.ids.buyerA}`,
    );
    try {
      const free = (await checkout(buyerA, [{ id: p.id, quantity: 1 }])).json().data;
      expect(free.status).toBe('unpaid');
    } finally {
      await app.db.execute(
        sql`update company_members set order_limit_cents = ${BUYER_A_LIMIT * 100} where user_id = ${f.ids.buyerA}`,
      );
    }
    expect(today).toMatch(/^\d{4}-/);
  });
});
