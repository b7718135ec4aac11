import { backorderAdminMessages } from '@proper-parts/domain/backorders';
import { addDays } from '@proper-parts/domain/days';
import { idempotencyMessages } from '@proper-parts/domain/idempotency';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';

/**
 * Issue 36: purchase orders of incoming stock imported from a CSV (`sku,quantity,expected_on`).
 * Each valid line adds one purchase order as the form does, and its pieces may be backordered at
 * once; a refused line is named by its number and adds nothing; the same Idempotency-Key and
 * file again add nothing more; only a shop admin may import. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
describe('purchase order import', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => addDays(today, n);
  let made = 0;

  async function part(stock: number) {
    made += 1;
    const p = await createProduct(app, {
      sku: `PoImp-${made}-${Date.now()}`,
      availableQuantity: stock,
      minimumOrderQuantity: 1,
    });
    const set = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${p.id}/backorder`,
      headers: as(admin),
      payload: { allowed: true, leadTimeDays: null },
    });
    expect(set.statusCode, set.body).toBe(200);
    return p;
  }

  const upload = (
    lines: string[],
    /** `who: null`: a visitor. */
    options: { who?: TestUser | null; key?: string; ndjson?: boolean; filename?: string } = {},
  ) => {
    const { who = admin, key, ndjson = false, filename = 'incoming.csv' } = options;
    const body = multipartBody([
      { name: 'file', filename, contentType: 'text/csv', content: `${lines.join('\n')}\n` },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/v1/admin/purchase-orders/import',
      headers: {
        ...body.headers,
        ...(who ? as(who) : {}),
        ...(key ? { 'idempotency-key': key } : {}),
        ...(ndjson ? { accept: 'application/x-ndjson' } : {}),
      },
      payload: body.payload,
    });
  };
  const ordersOf = async (productId: string) =>
    (
      await app.db.execute(
        sql`select quantity, expected_on::text as day, reference from purchase_orders
          where product_id = ${productId} order by expected_on, quantity`,
      )
    ).rows.map((r) => [Number(r.quantity), String(r.day), String(r.reference)]);
  const allOrders = async () =>
    Number((await app.db.execute(sql`select count(*)::int as n from purchase_orders`)).rows[0]?.n);
  const importEntries = async () =>
    (
      await app.db.execute(
        sql`select summary, after from audit_log where action = 'purchase-order.import'
          order by id`,
      )
    ).rows as { summary: string; after: Record<string, unknown> }[];

  it('adds a purchase order a line, SKUs in any case; they are listed and backordered against', async () => {
    const a = await part(4);
    const b = await part(0);
    const res = await upload([
      'sku,quantity,expected_on',
      `${a.sku.toLowerCase()},40,${inDays(20)}`,
      `${b.sku.toUpperCase()},10,${inDays(30)}`,
      ` ${a.sku} , 6 , ${inDays(45)} `,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { added: 3, rejected: 0, rejections: [], stopped: null },
    });

    const listed = await app.inject({
      url: `/api/v1/admin/purchase-orders?productId=${a.id}`,
      headers: as(admin),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject([
      { sku: a.sku, quantity: 40, promised: 0, expectedOn: inDays(20), reference: '' },
      { sku: a.sku, quantity: 6, promised: 0, expectedOn: inDays(45), reference: '' },
    ]);
    expect(await ordersOf(b.id)).toEqual([[10, inDays(30), '']]);

    // A cart line above the 4 in stock: the rest is backordered against the first of them.
    const buyer = await signUp(app);
    await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${a.id}`,
      headers: as(buyer),
      payload: { quantity: 30 },
    });
    const line = (await app.inject({ url: '/api/v1/cart', headers: as(buyer) })).json().data
      .lines[0];
    expect(line).toMatchObject({ backordered: 26, expectedOn: inDays(20), problem: null });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(buyer),
      payload: { address: '1 Mill Rd', phone: '+1 309 555 0100', acceptBackorder: true },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.lines[0]).toMatchObject({ backordered: 26, expectedOn: inDays(20) });

    const [entry] = (await importEntries()).slice(-1);
    expect(entry?.summary).toBe('Imported incoming.csv: 3 added, 0 rejected');
    expect(entry?.after).toMatchObject({ added: 3, rejected: 0, state: 'done' });
  });

  it('refuses bad lines by number, with why, and adds nothing of them', async () => {
    const a = await part(0);
    const before = await allOrders();
    const entries = (await importEntries()).length;
    const res = await upload([
      'sku,quantity,expected_on',
      `${a.sku},5,${inDays(10)}`,
      `NOPE-${a.sku},5,${inDays(10)}`,
      `${a.sku},0,${inDays(10)}`,
      `${a.sku},5,2027-02-31`,
      `${a.sku},5`,
      `${a.sku},-3,${inDays(10)}`,
      `${a.sku},7,${inDays(12)}`,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toEqual({
      added: 2,
      rejected: 5,
      rejections: [
        { line: 3, reason: backorderAdminMessages.csvUnknownSku(`NOPE-${a.sku}`) },
        { line: 4, reason: 'quantity: a whole number from 1' },
        { line: 5, reason: 'expected_on: a real date, YYYY-MM-DD' },
        { line: 6, reason: 'has 2 cells; the header has 3' },
        { line: 7, reason: 'quantity: a whole number from 1' },
      ],
      stopped: null,
    });
    expect(await ordersOf(a.id)).toEqual([
      [5, inDays(10), ''],
      [7, inDays(12), ''],
    ]);
    expect(await allOrders()).toBe(before + 2);
    // Audited once, with the counts.
    const after = await importEntries();
    expect(after).toHaveLength(entries + 1);
    expect(after.at(-1)?.summary).toBe('Imported incoming.csv: 2 added, 5 rejected');
  });

  it('refuses a file without a column, or without a header, whole (400), adding nothing', async () => {
    const a = await part(0);
    const before = await allOrders();
    const missing = await upload(['sku,quantity', `${a.sku},5`]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      message: 'The header needs the columns expected_on',
    });
    const unknown = await upload(['sku,qty,expected_on', `${a.sku},5,${inDays(3)}`]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown column "qty"/);
    const empty = await upload([]);
    expect(empty.statusCode).toBe(400);
    expect(await allOrders()).toBe(before);
  });

  it('adds nothing more for the same Idempotency-Key and file; another file under it is a 422', async () => {
    const a = await part(0);
    const lines = [
      'sku,quantity,expected_on',
      `${a.sku},12,${inDays(8)}`,
      `${a.sku},3,${inDays(9)}`,
    ];
    const entries = (await importEntries()).length;
    const first = await upload(lines, { key: 'po-import-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ added: 2, rejected: 0 });
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await upload(lines, { key: 'po-import-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // Asked with progress lines, the replay is the envelope as the last (only) line.
    const streamed = await upload(lines, { key: 'po-import-1', ndjson: true });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(streamed.body.trim().split('\n').at(-1) as string)).toEqual(first.json());
    expect(await ordersOf(a.id)).toEqual([
      [12, inDays(8), ''],
      [3, inDays(9), ''],
    ]);
    expect(await importEntries()).toHaveLength(entries + 1);

    const other = await upload([...lines, `${a.sku},1,${inDays(10)}`], { key: 'po-import-1' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: idempotencyMessages.keyReused });
    expect(await ordersOf(a.id)).toHaveLength(2);

    // Without a key, the same file is another import: it adds again.
    const unkeyed = await upload(lines);
    expect(unkeyed.json().data).toMatchObject({ added: 2 });
    expect(await ordersOf(a.id)).toHaveLength(4);
  });

  it('under a key, streams its progress and stores nothing of a refused file; racing retries add once', async () => {
    const a = await part(0);
    const entries = (await importEntries()).length;
    // Asked with progress lines, the refusal is the last line (the 200 went out with the first).
    const bad = await upload(['sku,quantity', `${a.sku},5`], { key: 'po-import-2', ndjson: true });
    expect(bad.statusCode).toBe(200);
    expect(JSON.parse(bad.body.trim().split('\n').at(-1) as string)).toEqual({
      success: false,
      message: 'The header needs the columns expected_on',
    });
    expect(await ordersOf(a.id)).toEqual([]);
    const lines = ['sku,quantity,expected_on', `${a.sku},5,${inDays(4)}`];
    // The refusal stored nothing: the key is free for the corrected file.
    const fixed = await upload(lines, { key: 'po-import-2', ndjson: true });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const answers = fixed.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers[0]).toEqual({ progress: { lines: 1, bytes: expect.any(Number) } });
    expect(answers.at(-1)).toEqual({
      success: true,
      data: { added: 1, rejected: 0, rejections: [], stopped: null },
    });

    const b = await part(0);
    const file = ['sku,quantity,expected_on', `${b.sku},9,${inDays(6)}`];
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => upload(file, { key: 'po-import-3' })),
    );
    for (const res of raced) expect(res.statusCode, res.body).toBe(200);
    expect(raced.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await ordersOf(b.id)).toEqual([[9, inDays(6), '']]);
    // One audit entry per import that added (the refused one rolled back with its key).
    expect((await importEntries()).slice(entries).map((entry) => entry.after.state)).toEqual([
      'done',
      'done',
    ]);
  });

  it('is a shop admin’s only: a visitor 401, a customer and a company’s own admin 403', async () => {
    const a = await part(0);
    const lines = ['sku,quantity,expected_on', `${a.sku},5,${inDays(4)}`];
    const customer = await signUp(app);
    const companyAdmin = await signUp(app);
    const [company] = (
      await app.db.execute(sql`insert into companies
          (name, tax_id, billing_address, terms_days, credit_limit_cents)
        values ('Import Co', 'VAT-1', '1 Mill Road, Springfield', null, 0) returning id`)
    ).rows as { id: string }[];
    await app.db.execute(sql`insert into company_members (user_id, company_id, role)
      select id, ${company?.id}, 'admin' from "user" where email = ${companyAdmin.email}`);

    const visitor = await upload(lines, { who: null });
    expect(visitor.statusCode).toBe(401);
    for (const who of [customer, companyAdmin]) {
      const res = await upload(lines, { who, key: `po-refused-${who.email}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().success).toBe(false);
    }
    expect(await ordersOf(a.id)).toEqual([]);
  });

  it('answers junk bodies with a 4xx and adds nothing', async () => {
    const before = await allOrders();
    const send = (headers: Record<string, string>, payload: string | Buffer) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/purchase-orders/import',
        headers: { ...as(admin), ...headers },
        payload,
      });
    const wrongField = multipartBody([{ name: 'image', filename: 'a.csv', content: 'sku\n' }]);
    const binary = multipartBody([
      {
        name: 'file',
        filename: 'a.csv',
        content: Buffer.from([0xff, 0xfe, 0x00, 0x22, 0x0a, 0x22]),
      },
    ]);
    const answers = [
      await send({ 'content-type': 'application/json' }, '{"sku":"X","quantity":1}'),
      await send({ 'content-type': 'text/plain' }, 'sku,quantity,expected_on\n'),
      await send(wrongField.headers, wrongField.payload),
      await send({ 'content-type': 'multipart/form-data; boundary=JUNK' }, '--JUNK--'),
      await send({ 'content-type': 'multipart/form-data; boundary=JUNK' }, '--JUNK\r\n\r\nx'),
      await send(binary.headers, binary.payload),
    ];
    // A key that is no key is refused before anything is read or claimed.
    const a = await part(0);
    answers.push(
      await upload(['sku,quantity,expected_on', `${a.sku},5,${inDays(4)}`], {
        key: 'a key with spaces',
      }),
    );
    // Not a form (415), or a form without a readable CSV in `file`, or a key that is no key (400).
    expect(answers.map((res) => res.statusCode)).toEqual([415, 415, 400, 400, 400, 400, 400]);
    for (const res of answers) expect(res.json()).toMatchObject({ success: false });
    const sendAsFile = "Send the CSV as the multipart field 'file'";
    expect(answers.map((res) => res.json().message)).toEqual([
      sendAsFile,
      sendAsFile,
      sendAsFile,
      sendAsFile,
      expect.stringMatching(/^The upload is not a valid multipart form/),
      expect.stringMatching(/^Unknown column/),
      idempotencyMessages.badKey,
    ]);
    expect(await allOrders()).toBe(before);
  });
});
