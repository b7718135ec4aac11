import { companyMessages } from '@proper-parts/domain/companies';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { balanceOf, createAccountInvoice } from '../../../test/account-helpers.ts';
import {
  buildCompanyFixture,
  COMPANY_A_CREDIT,
  type CompanyCaller,
} from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { readableMail } from '../../../test/mail-text.ts';
import { createProduct, payWithSandbox, placeOrder } from '../../../test/order-helpers.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';

/** Issue 19: paying on account after the order: terms, the statement, recorded payments. */
describe('paying on account', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const f = await buildCompanyFixture(app);

  const call = (
    caller: CompanyCaller,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: f.headersOf(caller),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const pay = (orderId: string, amount: unknown, reference = 'Wire') =>
    call('shopAdmin', 'POST', `/admin/invoices/${orderId}/payments`, { amount, reference });
  const invoiceOfA = (totalCents: number, issuedDaysAgo = 0) =>
    createAccountInvoice(app, {
      companyId: f.companyA,
      userId: f.ids.buyerA,
      totalCents,
      issuedDaysAgo,
    });
  const dayFromToday = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const statementOf = async (caller: CompanyCaller, query = '') => {
    const res = await call(caller, 'GET', `/company/statement${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  describe('the statement', () => {
    it('starts empty: the whole credit is available', async () => {
      const { data } = await statementOf('adminA');
      expect(data).toMatchObject({
        companyName: 'Company A Ltd',
        termsDays: 30,
        creditLimit: COMPANY_A_CREDIT,
        balance: 0,
        availableCredit: COMPANY_A_CREDIT,
        overdueTotal: 0,
        awaitingApproval: 0,
        invoices: [],
        nextCursor: null,
      });
    });

    let overdue = '';
    let soon = '';
    let later = '';
    let settled = '';
    it('lists open invoices by due day, overdue flagged, then the settled ones', async () => {
      later = await invoiceOfA(20_000, 0); // due in 30 days
      overdue = await invoiceOfA(10_000, 40); // due 10 days ago
      soon = await invoiceOfA(5_000, 20); // due in 10 days
      settled = await invoiceOfA(3_000, 5);
      expect((await pay(settled, 30)).statusCode).toBe(200);

      const { data } = await statementOf('approverA');
      expect(data.invoices.map((i: { orderId: string }) => i.orderId)).toEqual([
        overdue,
        soon,
        later,
        settled,
      ]);
      expect(data.invoices[0]).toMatchObject({
        dueOn: dayFromToday(-10),
        total: 100,
        paid: 0,
        outstanding: 100,
        overdue: true,
        settled: false,
      });
      expect(data.invoices[0].invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
      expect(data.invoices[1]).toMatchObject({ dueOn: dayFromToday(10), overdue: false });
      expect(data.invoices[2]).toMatchObject({ dueOn: dayFromToday(30), overdue: false });
      expect(data.invoices[3]).toMatchObject({
        total: 30,
        paid: 30,
        outstanding: 0,
        settled: true,
        overdue: false,
      });
      expect(data).toMatchObject({
        balance: 350,
        availableCredit: COMPANY_A_CREDIT - 350,
        overdueTotal: 100,
      });
    });

    it('pages by cursor, every invoice once, in the same order', async () => {
      const first = (await statementOf('adminA', '?limit=3')).data;
      expect(first.invoices.map((i: { orderId: string }) => i.orderId)).toEqual([
        overdue,
        soon,
        later,
      ]);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = (await statementOf('adminA', `?limit=3&cursor=${first.nextCursor}`)).data;
      expect(second.invoices.map((i: { orderId: string }) => i.orderId)).toEqual([settled]);
      expect(second.nextCursor).toBeNull();
    });

    it.each([
      'x',
      Buffer.from('[0,"1","not-a-uuid"]').toString('base64url'),
      Buffer.from('[2,"1","00000000-0000-0000-0000-000000000000"]').toString('base64url'),
      Buffer.from('[0,"1e99","00000000-0000-0000-0000-000000000000"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ])('a forged cursor %s is a 400', async (cursor) => {
      const res = await call('adminA', 'GET', `/company/statement?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    });

    it('buyers may not read it; removed members, outsiders and shop admins are not members', async () => {
      const buyer = await call('buyerA', 'GET', '/company/statement');
      expect(buyer.statusCode).toBe(403);
      expect(buyer.json().message).toBe(companyMessages.noStatementAccess);
      for (const caller of ['removedA', 'outsider', 'shopAdmin'] as const) {
        const res = await call(caller, 'GET', '/company/statement');
        expect(res.statusCode, caller).toBe(404);
        expect(res.json().message).toBe(companyMessages.notInCompany);
      }
      expect((await call('visitor', 'GET', '/company/statement')).statusCode).toBe(401);
    });

    it("company B's admin reads B's statement, never A's invoices", async () => {
      const { data } = await statementOf('adminB');
      expect(data.companyName).toBe('Company B GmbH');
      expect(data.invoices).toEqual([]);
      expect(data.balance).toBe(0);
    });

    it('counts on-account orders awaiting approval in the balance, apart', async () => {
      const order = await invoiceOfA(1_000);
      await app.db.execute(sql`update orders set status = 'awaiting_approval' where id = ${order}`);
      await app.db.execute(sql`delete from invoices where order_id = ${order}`);
      const { data } = await statementOf('adminA');
      expect(data.awaitingApproval).toBe(10);
      expect(data.balance).toBe(360);
      expect(data.invoices).toHaveLength(4);
      // Back as it was: the order rejected gives its amount back.
      await app.db.execute(sql`update orders set status = 'cancelled' where id = ${order}`);
      await app.db.execute(
        sql`update companies set balance_cents = balance_cents - 1000 where id = ${f.companyA}`,
      );
    });
  });

  describe('the shop admin', () => {
    it('lists companies newest first with members, terms, credit, balance and overdue', async () => {
      const res = await call('shopAdmin', 'GET', '/admin/companies?limit=1');
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.data).toHaveLength(1);
      expect(page.data[0]).toMatchObject({ _id: f.companyB, members: 1, termsDays: null });
      const next = await call(
        'shopAdmin',
        'GET',
        `/admin/companies?limit=1&cursor=${page.nextCursor}`,
      );
      expect(next.json().data[0]).toMatchObject({
        _id: f.companyA,
        name: 'Company A Ltd',
        taxId: 'VAT-1',
        members: 3,
        termsDays: 30,
        creditLimit: COMPANY_A_CREDIT,
        balance: 350,
        overdue: 100,
      });
      expect(next.json().nextCursor).toBeNull();
    });

    it("reads one company with its members, and the company's statement", async () => {
      const res = await call('shopAdmin', 'GET', `/admin/companies/${f.companyA}`);
      expect(res.statusCode).toBe(200);
      const company = res.json().data;
      expect(company).toMatchObject({ availableCredit: COMPANY_A_CREDIT - 350, members: 3 });
      expect(company.memberList.map((m: { role: string }) => m.role).sort()).toEqual([
        'admin',
        'approver',
        'buyer',
      ]);
      expect(company.memberList.find((m: { role: string }) => m.role === 'buyer')).toMatchObject({
        email: f.users.buyerA.email,
        orderLimit: 100,
      });
      const statement = await call('shopAdmin', 'GET', `/admin/companies/${f.companyA}/statement`);
      expect(statement.json().data.invoices).toHaveLength(4);
    });

    it('answers 404 for a company that does not exist and 400 for an id that is not one', async () => {
      const none = '00000000-0000-4000-8000-000000000000';
      for (const path of [`/admin/companies/${none}`, `/admin/companies/${none}/statement`]) {
        const res = await call('shopAdmin', 'GET', path);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(companyMessages.companyNotFound);
      }
      expect((await call('shopAdmin', 'GET', '/admin/companies/nope')).statusCode).toBe(400);
      const terms = await call('shopAdmin', 'PUT', `/admin/companies/${none}/terms`, {
        termsDays: 30,
        creditLimit: 5,
      });
      expect(terms.statusCode).toBe(404);
    });

    it('lists invoices on account across companies: open, overdue, settled', async () => {
      const ids = async (query: string) => {
        const res = await call('shopAdmin', 'GET', `/admin/invoices${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.map((i: { orderId: string }) => i.orderId);
      };
      const open = await ids('?status=open');
      expect(open).toHaveLength(3);
      const overdue = await ids('?status=overdue');
      expect(overdue).toHaveLength(1);
      expect(open[0]).toBe(overdue[0]);
      expect(await ids('?status=settled')).toHaveLength(1);
      expect(await ids(`?status=open&companyId=${f.companyB}`)).toEqual([]);
      expect(await ids(`?companyId=${f.companyA}`)).toEqual(open);
      const res = await call('shopAdmin', 'GET', '/admin/invoices?status=overdue');
      expect(res.json().data[0]).toMatchObject({
        companyId: f.companyA,
        companyName: 'Company A Ltd',
        overdue: true,
      });
      const first = (await call('shopAdmin', 'GET', '/admin/invoices?limit=2')).json();
      const second = (
        await call('shopAdmin', 'GET', `/admin/invoices?limit=2&cursor=${first.nextCursor}`)
      ).json();
      expect([...first.data, ...second.data].map((i: { orderId: string }) => i.orderId)).toEqual(
        open,
      );
      for (const bad of ['?status=paid', '?companyId=x', '?limit=0', '?limit=1000'])
        expect((await call('shopAdmin', 'GET', `/admin/invoices${bad}`)).statusCode, bad).toBe(400);
    });

    it('refuses every shop admin route to customers, company admins included', async () => {
      const order = await invoiceOfA(1_000);
      const routes: [method: 'GET' | 'PUT' | 'POST', url: string, body?: object][] = [
        ['GET', '/admin/companies'],
        ['GET', `/admin/companies/${f.companyA}`],
        ['GET', `/admin/companies/${f.companyA}/statement`],
        ['PUT', `/admin/companies/${f.companyA}/terms`, { termsDays: 60, creditLimit: 99_999 }],
        ['GET', '/admin/invoices'],
        ['GET', `/admin/invoices/${order}/payments`],
        ['POST', `/admin/invoices/${order}/payments`, { amount: 10 }],
      ];
      for (const caller of ['adminA', 'approverA', 'buyerA', 'adminB', 'outsider'] as const)
        for (const [method, url, body] of routes)
          expect((await call(caller, method, url, body)).statusCode, `${caller} ${url}`).toBe(403);
      expect(await balanceOf(app, f.companyA)).toBe(36_000);
      const company = (await call('shopAdmin', 'GET', `/admin/companies/${f.companyA}`)).json();
      expect(company.data).toMatchObject({ termsDays: 30, creditLimit: COMPANY_A_CREDIT });
      expect((await pay(order, 10)).statusCode).toBe(200);
      expect((await pay(order, 0.01)).statusCode).toBe(409);
    });
  });

  describe('terms', () => {
    it('grants company B net 60 and a credit limit; its statement says so', async () => {
      const res = await call('shopAdmin', 'PUT', `/admin/companies/${f.companyB}/terms`, {
        termsDays: 60,
        creditLimit: 5000.5,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ termsDays: 60, creditLimit: 5000.5 });
      expect(res.json().message).toContain('net 60');
      const { data } = await statementOf('adminB');
      expect(data).toMatchObject({ termsDays: 60, creditLimit: 5000.5, availableCredit: 5000.5 });
    });

    it('refuses a credit limit below the balance with a 409 that says what is owed', async () => {
      expect(await balanceOf(app, f.companyA)).toBe(35_000);
      const res = await call('shopAdmin', 'PUT', `/admin/companies/${f.companyA}/terms`, {
        termsDays: 30,
        creditLimit: 349.99,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(companyMessages.creditBelowBalance('$350'));
      const company = (await call('shopAdmin', 'GET', `/admin/companies/${f.companyA}`)).json();
      expect(company.data.creditLimit).toBe(COMPANY_A_CREDIT);
    });

    it('takes a limit equal to the balance, and terms removed (the invoices stay owed)', async () => {
      const exact = await call('shopAdmin', 'PUT', `/admin/companies/${f.companyA}/terms`, {
        termsDays: null,
        creditLimit: 350,
      });
      expect(exact.statusCode, exact.body).toBe(200);
      expect(exact.json().data).toMatchObject({ termsDays: null, availableCredit: 0 });
      expect((await statementOf('adminA')).data.invoices).toHaveLength(5);
      const back = await call('shopAdmin', 'PUT', `/admin/companies/${f.companyA}/terms`, {
        termsDays: 30,
        creditLimit: COMPANY_A_CREDIT,
      });
      expect(back.statusCode).toBe(200);
    });

    it('answers a race of a lower limit and an order with the CHECK constraint as a 409, never a 500', async () => {
      // The guarded UPDATE re-reads the balance under its lock; the constraint is the backstop.
      const tries = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          i % 2
            ? invoiceOfA(100).then(
                () => 200,
                () => 409,
              )
            : call('shopAdmin', 'PUT', `/admin/companies/${f.companyA}/terms`, {
                termsDays: 30,
                creditLimit: 350,
              }).then((res) => res.statusCode),
        ),
      );
      for (const status of tries) expect([200, 409]).toContain(status);
      const balance = await balanceOf(app, f.companyA);
      const limit = (await call('shopAdmin', 'GET', `/admin/companies/${f.companyA}`)).json().data
        .creditLimit;
      expect(balance).toBeLessThanOrEqual(limit * 100);
      await call('shopAdmin', 'PUT', `/admin/companies/${f.companyA}/terms`, {
        termsDays: 30,
        creditLimit: COMPANY_A_CREDIT,
      });
    });

    it.each([
      [{ termsDays: 45, creditLimit: 100 }, 'Terms must be 15, 30 or 60 days, or none'],
      [{ termsDays: '30', creditLimit: 100 }, 'Terms must be'],
      [{ creditLimit: 100 }, 'Terms must be'],
      [{ termsDays: 30, creditLimit: -1 }, 'Credit limit cannot be negative'],
      [{ termsDays: 30, creditLimit: 1.234 }, 'Credit limit may have at most two decimals'],
      [{ termsDays: 30, creditLimit: '100' }, 'Credit limit must be a number'],
      [{ termsDays: 30, creditLimit: 1e12 }, 'Credit limit must be at most'],
      [{ termsDays: 30, creditLimit: null }, 'Credit limit must be a number'],
      [{ termsDays: 30 }, 'Credit limit must be a number'],
      [[], ''],
      ['"net 30"', ''],
    ])('refuses terms %j with a 400', async (body, message) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/admin/companies/${f.companyA}/terms`,
        headers: { ...f.headersOf('shopAdmin'), 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: expect.stringContaining(message),
      });
    });
  });

  describe('recorded payments', () => {
    it('takes part payments, lowers the balance, and settles at the total', async () => {
      const order = await invoiceOfA(10_000);
      const before = await balanceOf(app, f.companyA);
      const first = await pay(order, 40.5, 'Wire 881');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.invoice).toMatchObject({
        paid: 40.5,
        outstanding: 59.5,
        settled: false,
      });
      expect(first.json().data.payments).toEqual([
        expect.objectContaining({
          amount: 40.5,
          reference: 'Wire 881',
          recordedBy: expect.any(String),
        }),
      ]);
      expect(await balanceOf(app, f.companyA)).toBe(before - 4050);

      const rest = await pay(order, 59.5);
      expect(rest.statusCode).toBe(200);
      expect(rest.json().message).toMatch(/paid in full/);
      expect(rest.json().data.invoice).toMatchObject({ paid: 100, outstanding: 0, settled: true });
      expect(await balanceOf(app, f.companyA)).toBe(before - 10_000);
      const row = await app.db.execute(
        sql`select o.paid, i.settled_at is not null as settled from orders o
          join invoices i on i.order_id = o.id where o.id = ${order}`,
      );
      expect(row.rows[0]).toEqual({ paid: true, settled: true });

      const again = await pay(order, 1);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(companyMessages.alreadySettled);
      const history = await call('shopAdmin', 'GET', `/admin/invoices/${order}/payments`);
      expect(history.json().data.payments).toHaveLength(2);
    });

    it('mails the company admins that the payment was received', async () => {
      const order = await invoiceOfA(2_000);
      const res = await pay(order, 5);
      expect(res.statusCode).toBe(200);
      const number = res.json().data.invoice.invoiceNumber;
      const mail = readableMail(
        await outbox.waitForMail(f.users.adminA.email, new RegExp(`invoice ${number}`)),
      );
      expect(mail).toContain('$5');
      expect(mail).toContain('Still due: $15');
    });

    it('refuses more than is still owed with a 400 that names it', async () => {
      const order = await invoiceOfA(20_000);
      expect((await pay(order, 50)).statusCode).toBe(200);
      const res = await pay(order, 150.01);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(companyMessages.overpaid('$150'));
    });

    it('refuses a card invoice (409), a cancelled order (409) and an unknown one (404)', async () => {
      const product = await createProduct(app, { priceCents: 500, minimumOrderQuantity: 1 });
      const card = await placeOrder(app, f.users.outsider, { toolId: product.id, quantity: 1 });
      expect((await payWithSandbox(app, f.users.outsider, card)).statusCode).toBe(200);
      const res = await pay(card, 5);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(companyMessages.notOnAccount);
      const history = await call('shopAdmin', 'GET', `/admin/invoices/${card}/payments`);
      expect(history.statusCode).toBe(409);
      // Not settled, not on account: still not in any list of invoices on account.
      const open = await call('shopAdmin', 'GET', '/admin/invoices?status=settled');
      expect(open.json().data.map((i: { orderId: string }) => i.orderId)).not.toContain(card);
      const cancelled = await invoiceOfA(1_000);
      await app.db.execute(sql`update orders set status = 'cancelled' where id = ${cancelled}`);
      const gone = await pay(cancelled, 5);
      expect(gone.statusCode).toBe(409);
      expect(gone.json().message).toBe(companyMessages.invoiceCancelled);
      const none = await pay('00000000-0000-4000-8000-000000000000', 5);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(companyMessages.invoiceNotFound);
      expect((await pay('not-an-id', 5)).statusCode).toBe(400);
    });

    it.each([
      [-5, 'Amount cannot be negative'],
      [0, 'Amount must be more than 0'],
      [1.234, 'Amount may have at most two decimals'],
      ['10', 'Amount must be a number'],
      [1e12, 'Amount must be at most'],
      [Number.MAX_SAFE_INTEGER, 'Amount must be at most'],
      [null, 'Amount must be a number'],
      [undefined, 'Amount must be a number'],
      [{ $gt: 0 }, 'Amount must be a number'],
    ])('refuses an amount of %j with a 400', async (amount, message) => {
      const order = await invoiceOfA(1_000);
      const before = await balanceOf(app, f.companyA);
      const res = await pay(order, amount);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: expect.stringContaining(message),
      });
      expect(await balanceOf(app, f.companyA)).toBe(before);
    });

    it('refuses a reference too long, and a body that is not an object', async () => {
      const order = await invoiceOfA(1_000);
      const long = await pay(order, 1, 'x'.repeat(101));
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain('Reference must be at most 100 characters');
      for (const body of ['10', '[]', 'null', '"ten"', '{"amount":1e400}', '{"amount":'])
        expect(
          (
            await app.inject({
              method: 'POST',
              url: `/api/v1/admin/invoices/${order}/payments`,
              headers: { ...f.headersOf('shopAdmin'), 'content-type': 'application/json' },
              payload: body,
            })
          ).statusCode,
          body,
        ).toBe(400);
    });

    it('of two payments of the whole amount at once, exactly one is recorded', async () => {
      for (let round = 0; round < 3; round++) {
        const order = await invoiceOfA(7_777);
        const before = await balanceOf(app, f.companyA);
        const answers = await Promise.all([pay(order, 77.77), pay(order, 77.77)]);
        expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
        const refused = answers.find((res) => res.statusCode === 409);
        expect(refused?.json().message).toBe(companyMessages.alreadySettled);
        expect(await balanceOf(app, f.companyA)).toBe(before - 7_777);
        const payments = await app.db.execute(
          sql`select count(*)::int as n from invoice_payments where order_id = ${order}`,
        );
        expect(payments.rows[0]).toEqual({ n: 1 });
      }
    });

    it('a payment and a cancel of the same order at once leave the balance right', async () => {
      // The cancel as checkout's side should write it: lock the order, then give back what is
      // still owed (recorded payments already lowered the balance).
      const cancel = (orderId: string) =>
        app.db.transaction(async (tx) => {
          await tx.execute(sql`select id from orders where id = ${orderId} for update`);
          const result = await tx.execute(
            sql`update orders o set status = 'cancelled' from invoices i
              where o.id = ${orderId} and i.order_id = o.id and o.status = 'pending'
                and i.settled_at is null
              returning o.company_id, o.total_cents - i.paid_cents as owed`,
          );
          const [row] = result.rows as { company_id: string; owed: string | number }[];
          if (row)
            await tx.execute(
              sql`update companies set balance_cents = balance_cents - ${Number(row.owed)}
                where id = ${row.company_id}`,
            );
        });
      for (let round = 0; round < 3; round++) {
        const order = await invoiceOfA(6_000);
        expect((await pay(order, 10)).statusCode).toBe(200);
        const before = await balanceOf(app, f.companyA);
        const [paid] = await Promise.all([pay(order, 20), cancel(order)]);
        expect([200, 409]).toContain(paid.statusCode);
        // Either way the company owes nothing more for this order.
        expect(await balanceOf(app, f.companyA)).toBe(before - 5_000);
      }
    });

    it('of five payments of 40% at once, two are recorded and the rest refused', async () => {
      const order = await invoiceOfA(10_000);
      const before = await balanceOf(app, f.companyA);
      const answers = await Promise.all(Array.from({ length: 5 }, () => pay(order, 40)));
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(2);
      expect(codes.filter((code) => code !== 200).every((code) => code === 400)).toBe(true);
      expect(await balanceOf(app, f.companyA)).toBe(before - 8_000);
    });
  });

  describe('the invoice PDF', () => {
    const pdfOf = (caller: CompanyCaller, order: string) =>
      call(caller, 'GET', `/orders/${order}/invoice.pdf`);

    it('shows the terms, the due date, what was paid and what is still due', async () => {
      const order = await invoiceOfA(12_345, 3);
      expect((await pay(order, 23.45)).statusCode).toBe(200);
      const res = await pdfOf('approverA', order);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const [text] = await readPdf(res.rawPayload);
      for (const expected of [
        // Billed to the company (issue 31): its legal name and tax number, for the buyer.
        'Company A Ltd',
        'Tax ID: VAT-1',
        'Attn: ',
        'Terms: Net 30',
        `Due date: ${dayFromToday(27)}`,
        'Amount paid: $23.45',
        `Still due: $100.00 by ${dayFromToday(27)}`,
      ])
        expect(text).toContain(expected);
    });

    it("is read by the buyer, the company's admins and approvers, and shop admins only", async () => {
      const order = await invoiceOfA(1_000);
      const byApprover = await createAccountInvoice(app, {
        companyId: f.companyA,
        userId: f.ids.approverA,
        totalCents: 1_000,
      });
      for (const caller of ['buyerA', 'adminA', 'approverA', 'shopAdmin'] as const)
        expect((await pdfOf(caller, order)).statusCode, caller).toBe(200);
      for (const caller of ['removedA', 'adminB', 'outsider'] as const)
        expect((await pdfOf(caller, order)).statusCode, caller).toBe(404);
      expect((await pdfOf('buyerA', byApprover)).statusCode).toBe(404);
      // A member removed now loses the company's invoices at the next request.
      await app.db.execute(
        sql`update company_members set role = 'buyer' where user_id = ${f.ids.approverA}`,
      );
      expect((await pdfOf('approverA', order)).statusCode).toBe(404);
      await app.db.execute(
        sql`update company_members set role = 'approver' where user_id = ${f.ids.approverA}`,
      );
    });
  });
});
