import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { imageUpload, multipartBody, solidImage } from '../../../test/image-fixtures.ts';
import { linkIn } from '../../../test/mail-text.ts';
import { createProduct, payWithSandbox, placeOrder } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { promoteConfirmedAdmins } from '../auth/account-rules.ts';

type Entry = {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * Issue 21: each admin action and security event writes exactly one audit entry, in the
 * transaction of its change; a refused action writes none. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
describe('audit log: what is recorded', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url, RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  const admin = await signUpAdmin(app, { email: 'audit-admin@example.com' });
  const [adminRow] = (
    await app.db.execute<{ id: string }>(sql`select id from "user" where email = ${admin.email}`)
  ).rows;
  const customer = await signUp(app);
  const ADMIN_IP = '203.0.113.7';
  const asAdmin = { cookie: admin.cookie, 'x-forwarded-for': ADMIN_IP };

  let seen = '0';
  /** The entries written since the last call (each test starts from a clean slate). */
  const newEntries = async () => {
    const rows = (
      await app.db.execute<Entry>(
        sql`select id::text as id, actor_id, actor_email, ip, action, target_type, target_id,
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
  const byAdmin = { actor_id: adminRow?.id, actor_email: admin.email, ip: ADMIN_IP };

  it('product create: one entry with the new product as `after`', async () => {
    const form = await imageUpload(await solidImage('png'), 'part.png', 'image/png');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      payload: form.payload,
      headers: { ...form.headers, ...asAdmin },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await newEntries();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tools',
      headers: asAdmin,
      payload: {
        name: 'Audited Part',
        img: uploaded.json().data.url,
        description: 'A part whose creation is audited.',
        minimumOrderQuantity: 1,
        availableQuantity: 7,
        price: 12.5,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.insertedId;
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin,
      action: 'product.create',
      target_type: 'product',
      target_id: id,
      before: null,
      after: { name: 'Audited Part', price: 12.5, availableQuantity: 7, deleted: false },
    });
    expect(entries[0]?.summary).toMatch(/^Added PP-\w+ \(Audited Part\) at \$12\.50$/);
  });

  it('product edit: one entry with the changed fields before and after; a refused edit none', async () => {
    const product = await createProduct(app, { priceCents: 1000, name: 'Price Part' });
    await newEntries();
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/tools/${product.id}`,
      headers: asAdmin,
      payload: { price: 14.5, name: 'Price Part, sealed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...more] = await newEntries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      ...byAdmin,
      action: 'product.update',
      target_id: product.id,
      before: { price: 10, name: 'Price Part' },
      after: { price: 14.5, name: 'Price Part, sealed' },
    });
    expect(entry?.summary).toContain('price 10.00 → 14.50');

    // Refused: a price break above the price (400), an unknown category (400), a taken SKU (409).
    const other = await createProduct(app, { sku: 'AUDIT-TAKEN' });
    for (const body of [
      { price: 5, priceBreaks: [{ minQuantity: 10, price: 9 }] },
      { category: 'no-such-category' },
      { sku: other.sku },
    ]) {
      const refused = await app.inject({
        method: 'PATCH',
        url: `/api/v1/tools/${product.id}`,
        headers: asAdmin,
        payload: body,
      });
      expect(refused.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    // A customer's edit is refused before anything runs.
    const forbidden = await app.inject({
      method: 'PATCH',
      url: `/api/v1/tools/${product.id}`,
      headers: { cookie: customer.cookie },
      payload: { price: 1 },
    });
    expect(forbidden.statusCode).toBe(403);
    // An edit that changes nothing is no change.
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/tools/${product.id}`,
      headers: asAdmin,
      payload: { price: 14.5 },
    });
    expect(await newEntries()).toHaveLength(0);
  });

  it('product delete: one entry with the product as `before`; deleting it again none', async () => {
    const product = await createProduct(app, { name: 'Doomed Part' });
    await newEntries();
    const del = () =>
      app.inject({ method: 'DELETE', url: `/api/v1/tools/${product.id}`, headers: asAdmin });
    expect((await del()).statusCode).toBe(200);
    expect((await del()).statusCode).toBe(404);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin,
      action: 'product.delete',
      target_id: product.id,
      before: { name: 'Doomed Part', deleted: false },
      after: { deleted: true },
    });
  });

  it('catalog import: one entry per file with its counts', async () => {
    await app.db.execute(
      sql`insert into categories (name, slug) values ('Audit Parts', 'audit-parts') on conflict do nothing`,
    );
    const csv =
      'sku,name,price,category\nAUD-1,Audit Import One,5,audit-parts\nAUD-2,Audit Import Two,6,audit-parts\nAUD-3,,x,audit-parts\n';
    const form = multipartBody([
      { name: 'file', filename: 'audit.csv', contentType: 'text/csv', content: Buffer.from(csv) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/catalog/import',
      payload: form.payload,
      headers: { ...form.headers, ...asAdmin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin,
      action: 'catalog.import',
      target_type: 'catalog',
      target_id: 'audit.csv',
      after: { file: 'audit.csv', created: 2, updated: 0, rejected: 1 },
    });
    expect(entries[0]?.summary).toBe('Imported audit.csv: 2 created, 0 updated, 1 rejected');
  });

  it('fitment import: one entry per file with its counts', async () => {
    await createProduct(app, { sku: 'AUD-FIT-1' });
    await app.db.execute(
      sql`insert into vehicles (year, make, model, engine, engine_code, fuel)
        values (2015, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE', 'gas') on conflict do nothing`,
    );
    const csv =
      'sku,year_from,year_to,make,model,submodel,engine,position,note\nAUD-FIT-1,2015,2015,Toyota,Corolla,,,front,\nNOPE-1,2015,2015,Toyota,Corolla,,,,\n';
    const form = multipartBody([
      { name: 'file', filename: 'fits.csv', contentType: 'text/csv', content: Buffer.from(csv) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/fitment/import',
      payload: form.payload,
      headers: { ...form.headers, ...asAdmin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin,
      action: 'fitment.import',
      target_type: 'fitment',
      target_id: 'fits.csv',
      after: { file: 'fits.csv', added: 1, updated: 0, unchanged: 0, rejected: 1 },
    });
  });

  it('orders: ship and cancel by an admin, one entry each; a refused one none', async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1 });
    const toShip = await placeOrder(app, customer, { toolId: product.id, quantity: 1 });
    expect((await payWithSandbox(app, customer, toShip)).statusCode).toBe(200);
    const toCancel = await placeOrder(app, customer, { toolId: product.id, quantity: 1 });
    await newEntries();

    // Refused: an unpaid order cannot ship, a paid one cannot be deleted.
    const refusedShip = await app.inject({
      method: 'PATCH',
      url: `/api/v1/manageOrder/${toCancel}`,
      headers: asAdmin,
    });
    expect(refusedShip.statusCode).toBe(409);
    const refusedCancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/manageOrder/${toShip}`,
      headers: asAdmin,
    });
    expect(refusedCancel.statusCode).toBe(409);
    expect(await newEntries()).toHaveLength(0);

    const ship = await app.inject({
      method: 'PATCH',
      url: `/api/v1/manageOrder/${toShip}`,
      headers: asAdmin,
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/manageOrder/${toCancel}`,
      headers: asAdmin,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const entries = await newEntries();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      ...byAdmin,
      action: 'order.ship',
      target_type: 'order',
      target_id: toShip,
      before: { status: 'pending' },
      after: { status: 'shipped' },
    });
    expect(entries[1]).toMatchObject({
      ...byAdmin,
      action: 'order.cancel',
      target_id: toCancel,
      before: { status: 'unpaid' },
      after: { status: 'cancelled' },
    });
    // The buyer's own cancel is not an admin action.
    const own = await placeOrder(app, customer, { toolId: product.id, quantity: 1 });
    await newEntries();
    const buyerCancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/myPurchase/${own}`,
      headers: { cookie: customer.cookie },
    });
    expect(buyerCancel.statusCode).toBeLessThan(500);
    expect(await newEntries()).toHaveLength(0);
  });

  it('admin grant: one entry; granting an admin again, or by a customer, none', async () => {
    const someone = await signUp(app);
    await newEntries();
    const grant = (who: Record<string, string>) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/user/admin/${encodeURIComponent(someone.email)}`,
        headers: who,
      });
    expect((await grant({ cookie: customer.cookie })).statusCode).toBe(403);
    expect((await grant(asAdmin)).json().data.modifiedCount).toBe(1);
    expect((await grant(asAdmin)).json().data.modifiedCount).toBe(0);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin,
      action: 'user.grant-admin',
      target_type: 'user',
      target_id: someone.email,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
  });

  it('an ADMIN_EMAILS account promoted once confirmed: one entry without an actor', async () => {
    const listed = await signUp(app);
    await promoteConfirmedAdmins(app.db, [listed.email]);
    expect(await newEntries()).toHaveLength(0);
    await app.db.execute(
      sql`update "user" set email_verified = true where email = ${listed.email}`,
    );
    await promoteConfirmedAdmins(app.db, [listed.email]);
    await promoteConfirmedAdmins(app.db, [listed.email]);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: null,
      ip: null,
      action: 'user.grant-admin',
      target_id: listed.email,
      after: { role: 'admin' },
    });
  });

  it('company terms: one entry with terms and credit before and after; a refused change none', async () => {
    const [company] = (
      await app.db.execute<{ id: string }>(
        sql`insert into companies (name, terms_days, credit_limit_cents, balance_cents)
          values ('Audit Works', 30, 100000, 40000) returning id`,
      )
    ).rows;
    const id = company?.id;
    await newEntries();
    const terms = (body: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/companies/${id}/terms`,
        headers: asAdmin,
        payload: body,
      });
    // Below what the company owes ($400): refused, nothing written.
    expect((await terms({ termsDays: 60, creditLimit: 300 })).statusCode).toBe(409);
    expect(await newEntries()).toHaveLength(0);
    const res = await terms({ termsDays: 60, creditLimit: 2500 });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      ...byAdmin,
      action: 'company.terms',
      target_type: 'company',
      target_id: id,
      before: { termsDays: 30, creditLimit: 1000 },
      after: { termsDays: 60, creditLimit: 2500 },
    });
    expect(entries[0]?.summary).toContain('Audit Works');
  });

  it('sign-ins over the limit: one entry per account and address per window', async () => {
    const target = await signUp(app);
    await newEntries();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in/email',
        payload: { email: target.email, password: 'wrong-password' },
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_id: null,
      actor_email: null,
      ip: '198.51.100.9',
      action: 'auth.sign-in-limited',
      target_type: 'user',
      target_id: target.email,
    });
  });

  it('password reset: one entry by the user, from their address', async () => {
    const user = await signUp(app);
    const ask = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await outbox.waitForMail(user.email, /reset-password\//);
    const open = await app.inject({ url: linkIn(mail).replace('http://localhost:3000', '') });
    const token = new URL(String(open.headers.location), 'http://localhost:3000').searchParams.get(
      'token',
    );
    await newEntries();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { newPassword: 'brand-new-pass', token },
      headers: { 'x-forwarded-for': '192.0.2.44' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The same link again is refused: no second entry.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { newPassword: 'another-pass', token },
    });
    expect(again.statusCode).toBe(400);
    const entries = await newEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_email: user.email,
      ip: '192.0.2.44',
      action: 'auth.password-reset',
      target_type: 'user',
      target_id: user.email,
    });
  });
});
