import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccountInvoice } from '../../../test/account-helpers.ts';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox, placeOrder } from '../../../test/order-helpers.ts';

type Row = Record<string, string>;

describe('invoices and customers as CSV (issue 21)', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const buyer = await signUp(app, { name: '@SUM(1+1)' });
  const member = await signUp(app, { name: 'Ada Member' });
  const today = new Date().toISOString().slice(0, 10);
  const day = (daysAgo: number) =>
    new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const csv = async (url: string) => {
    const res = await app.inject({ url, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return parse(res.body, { columns: true }) as Row[];
  };

  const product = await createProduct(app, { minimumOrderQuantity: 1, priceCents: 1250 });
  const cardOrder = await placeOrder(app, buyer, { toolId: product.id, quantity: 2 });
  await payWithSandbox(app, buyer, cardOrder);
  const unpaid = await placeOrder(app, buyer, { toolId: product.id, quantity: 1 });
  const company = (
    await app.db.execute(
      sql`insert into companies (name, terms_days, credit_limit_cents)
        values ('=Acme Mills', 30, 1000000) returning id`,
    )
  ).rows[0] as { id: string };
  await app.db.execute(
    sql`insert into company_members (user_id, company_id, role)
      select id, ${company.id}, 'buyer' from "user" where email = ${member.email}`,
  );
  const memberId = (
    (await app.db.execute(sql`select id from "user" where email = ${member.email}`)).rows[0] as {
      id: string;
    }
  ).id;
  const overdue = await createAccountInvoice(app, {
    companyId: company.id,
    userId: memberId,
    issuedDaysAgo: 40,
    totalCents: 30_000,
  });
  const open = await createAccountInvoice(app, { companyId: company.id, userId: memberId });

  it('lists the invoices issued in the range by number: paid, open or overdue', async () => {
    const rows = await csv(`/api/v1/invoices/export.csv?from=${day(45)}&to=${today}`);
    const byOrder = new Map(rows.map((row) => [row.orderId, row]));
    expect(byOrder.has(unpaid)).toBe(false);
    expect(byOrder.get(cardOrder)).toMatchObject({
      total: '25.00',
      paid: '25.00',
      dueOn: '',
      state: 'paid',
      customer: "'@SUM(1+1)",
    });
    expect(byOrder.get(overdue)).toMatchObject({
      total: '300.00',
      paid: '0.00',
      state: 'overdue',
      company: "'=Acme Mills",
    });
    expect(byOrder.get(open)).toMatchObject({
      state: 'open',
      dueOn: expect.stringMatching(/^\d{4}-/),
    });
    const numbers = rows.map((row) => row.invoiceNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('keeps to the range of days asked for', async () => {
    const rows = await csv(`/api/v1/invoices/export.csv?from=${today}&to=${today}`);
    expect(rows.map((row) => row.orderId).sort()).toEqual([cardOrder, open].sort());
    const none = await csv(`/api/v1/invoices/export.csv?from=${day(400)}&to=${day(300)}`);
    expect(none).toEqual([]);
  });

  it('refuses a reversed or malformed range with a message', async () => {
    for (const query of [`from=${today}&to=${day(3)}`, 'from=2026-13-01&to=2026-12-01', 'from=x']) {
      const res = await app.inject({
        url: `/api/v1/invoices/export.csv?${query}`,
        headers: as(admin),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('lists every account once with its company and orders, formulas kept as text', async () => {
    const rows = await csv('/api/v1/customers/export.csv');
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get(buyer.email)).toMatchObject({
      name: "'@SUM(1+1)",
      orders: '2',
      company: '',
    });
    expect(byEmail.get(member.email)).toMatchObject({
      company: "'=Acme Mills",
      companyRole: 'buyer',
      orders: '2',
    });
    expect(byEmail.get(admin.email)).toMatchObject({ role: 'admin' });
    expect(rows.length).toBe(new Set(rows.map((row) => row.id)).size);
  });

  it('pages by keyset past one batch: every account once, in id order', async () => {
    await app.db.execute(
      sql`insert into "user" (id, name, email, email_verified)
        select 'bulk-' || lpad(n::text, 5, '0'), 'Bulk ' || n, 'bulk' || n || '@example.com', true
        from generate_series(1, 2100) n`,
    );
    const rows = await csv('/api/v1/customers/export.csv');
    const ids = rows.map((row) => row.id ?? '');
    expect(ids.filter((id) => id.startsWith('bulk-'))).toHaveLength(2100);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
