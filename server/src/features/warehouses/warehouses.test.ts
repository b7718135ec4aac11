import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { as, createProduct, stockOf } from '../../../test/order-helpers.ts';

/** Issue 36: warehouses and stock per warehouse. PGlite, and PostgreSQL with DATABASE_URL. */
describe('warehouses and their stock', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const buyer = await signUp(app);
  const headers = as(admin);
  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
  const adjust = (productId: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/v1/admin/stock/${productId}`, headers, payload });
  const levels = async (productId: string) =>
    Object.fromEntries(
      (await app.inject({ url: `/api/v1/admin/stock/${productId}`, headers }))
        .json()
        .data.warehouses.map((w: { warehouse: string; quantity: number }) => [
          w.warehouse,
          w.quantity,
        ]),
    );
  const sumsOff = async () =>
    (
      await app.db.execute(
        sql`select count(*)::int as n from products p where p.available_quantity <>
          (select coalesce(sum(quantity), 0) from warehouse_stock s where s.product_id = p.id)`,
      )
    ).rows[0]?.n;

  const leeds = await post('/api/v1/admin/warehouses', {
    name: 'Leeds DC',
    publicName: 'Leeds',
    line1: '1 Canal St',
    city: 'Leeds',
    postalCode: 'LS1 1AA',
    country: 'gb',
    shipsTo: ['GB', 'IE'],
  });
  const rotterdam = await post('/api/v1/admin/warehouses', {
    name: 'Rotterdam',
    publicName: 'Rotterdam',
    country: 'NL',
    shipsTo: 'all',
  });

  it('adds warehouses, lists them in id order, refuses a second of the same name', async () => {
    expect(leeds.statusCode, leeds.body).toBe(200);
    expect(leeds.json().data).toMatchObject({
      name: 'Leeds DC',
      country: 'GB',
      shipsTo: ['GB', 'IE'],
    });
    expect(rotterdam.json().data.shipsTo).toBe('all');
    const again = await post('/api/v1/admin/warehouses', {
      name: 'leeds dc',
      publicName: 'L',
      country: 'GB',
      shipsTo: 'all',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'name: a warehouse "leeds dc" exists already',
    });
    const bad = await post('/api/v1/admin/warehouses', {
      name: 'X',
      publicName: 'X',
      country: 'ZZ',
      shipsTo: ['GB'],
    });
    expect(bad.statusCode).toBe(400);
    const first = await app.inject({ url: '/api/v1/admin/warehouses?limit=2', headers });
    expect(first.json().data.map((w: { name: string }) => w.name)).toEqual(['Main', 'Leeds DC']);
    const rest = await app.inject({
      url: `/api/v1/admin/warehouses?limit=2&cursor=${first.json().nextCursor}`,
      headers,
    });
    expect(rest.json().data.map((w: { name: string }) => w.name)).toEqual(['Rotterdam']);
    expect(rest.json().nextCursor).toBeNull();
  });

  it('honours Idempotency-Key on adding a warehouse', async () => {
    const body = { name: 'Hamburg', publicName: 'Hamburg', country: 'DE', shipsTo: ['DE'] };
    const one = await post('/api/v1/admin/warehouses', body, { 'idempotency-key': 'wh-hamburg-1' });
    const two = await post('/api/v1/admin/warehouses', body, { 'idempotency-key': 'wh-hamburg-1' });
    expect(two.json().data.id).toBe(one.json().data.id);
  });

  it('sets stock per warehouse with a reason, audited; the product keeps the sum', async () => {
    const part = await createProduct(app, { availableQuantity: 30, minimumOrderQuantity: 1 });
    expect(await levels(part.id)).toMatchObject({ Main: 30, 'Leeds DC': 0, Rotterdam: 0 });
    const res = await adjust(part.id, {
      warehouse: 'Leeds DC',
      quantity: 12,
      reason: 'Cycle count',
      reorderPoint: 20,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.availableQuantity).toBe(42);
    expect(await stockOf(app, part.id)).toBe(42);
    await adjust(part.id, { warehouse: 1, quantity: 5, reason: 'Damaged pallet' });
    expect(await stockOf(app, part.id)).toBe(17);
    const [entry] = (
      await app.db.execute(
        sql`select summary, before, after from audit_log where action = 'stock.adjust'
          and target_id = ${part.id} order by id`,
      )
    ).rows;
    expect(entry).toMatchObject({
      summary: 'Stock in Leeds DC 0 → 12: Cycle count',
      before: { warehouse: 'Leeds DC', quantity: 0 },
    });
    for (const body of [
      { warehouse: 'Nowhere', quantity: 1, reason: 'x' },
      { warehouse: 'Main', quantity: -1, reason: 'x' },
      { warehouse: 'Main', quantity: 1, reason: '' },
    ])
      expect((await adjust(part.id, body)).statusCode).toBe(400);
    expect(
      (
        await adjust('00000000-0000-4000-8000-000000000000', {
          warehouse: 'Main',
          quantity: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(await sumsOff()).toBe(0);
  });

  it('shows the product’s stock per warehouse by public name, fresh within a second', async () => {
    const part = await createProduct(app, { availableQuantity: 30, minimumOrderQuantity: 1 });
    const stockOnPage = async () =>
      (await app.inject({ url: `/api/v1/catalog/products/${part.slug}` })).json().data.stock;
    expect(await stockOnPage()).toEqual([{ warehouse: 'Main', quantity: 30 }]);
    await adjust(part.id, { warehouse: 'Leeds DC', quantity: 12, reason: 'Delivery' });
    const deadline = Date.now() + 3000;
    let seen = await stockOnPage();
    while (seen.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await stockOnPage();
    }
    expect(seen).toEqual([
      { warehouse: 'Main', quantity: 30 },
      { warehouse: 'Leeds', quantity: 12 },
    ]);
  });

  it('transfers all or nothing, never below 0', async () => {
    const part = await createProduct(app, { availableQuantity: 10, minimumOrderQuantity: 1 });
    const move = (quantity: number, from = 'Main', to = 'Rotterdam') =>
      post('/api/v1/admin/stock/transfers', { productId: part.id, from, to, quantity });
    const moved = await move(4);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe('4 moved from Main to Rotterdam');
    expect(await levels(part.id)).toMatchObject({ Main: 6, Rotterdam: 4 });
    const tooMany = await move(7);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('quantity: only 6 in Main');
    expect((await move(1, 'Main', 'main')).statusCode).toBe(400);
    // Ten transfers of 1 at once from a warehouse holding 6: six go through, none below 0.
    const racing = await Promise.all(Array.from({ length: 10 }, () => move(1, 'Main', 'Leeds DC')));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(racing.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(await levels(part.id)).toMatchObject({ Main: 0, 'Leeds DC': 6, Rotterdam: 4 });
    expect(await stockOf(app, part.id)).toBe(10);
  });

  it('lists what is below its reorder point, by page and as formula-safe CSV', async () => {
    const low = await createProduct(app, {
      name: '=HYPERLINK("x")',
      availableQuantity: 0,
      minimumOrderQuantity: 1,
    });
    const low2 = await createProduct(app, { availableQuantity: 0, minimumOrderQuantity: 1 });
    await adjust(low.id, {
      warehouse: 'Rotterdam',
      quantity: 2,
      reason: 'count',
      reorderPoint: 10,
    });
    await adjust(low2.id, {
      warehouse: 'Rotterdam',
      quantity: 3,
      reason: 'count',
      reorderPoint: 5,
    });
    await adjust(low2.id, { warehouse: 'Leeds DC', quantity: 9, reason: 'count', reorderPoint: 5 });
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = await app.inject({ url: `/api/v1/admin/stock/low?limit=1${cursor}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(
        ...res
          .json()
          .data.map(
            (i: { productId: string; warehouse: string }) => `${i.productId}@${i.warehouse}`,
          ),
      );
      if (!res.json().nextCursor) break;
      cursor = `&cursor=${res.json().nextCursor}`;
    }
    expect(seen).toContain(`${low.id}@Rotterdam`);
    expect(seen).toContain(`${low2.id}@Rotterdam`);
    expect(seen).not.toContain(`${low2.id}@Leeds DC`);
    expect(new Set(seen).size).toBe(seen.length);
    const csv = await app.inject({ url: '/api/v1/admin/stock/low.csv', headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`'=HYPERLINK(""x"")`);
    expect(csv.body.split('\n')[0]).toBe('sku,name,warehouse,quantity,reorder_point');
    expect(
      (await app.inject({ url: '/api/v1/admin/stock/low?cursor=junk', headers })).statusCode,
    ).toBe(400);
  });

  it('imports stock per warehouse from CSV with ndjson progress, audited', async () => {
    const a = await createProduct(app, { availableQuantity: 5, minimumOrderQuantity: 1 });
    const b = await createProduct(app, { availableQuantity: 0, minimumOrderQuantity: 1 });
    const lines = [
      'sku,warehouse,quantity',
      `${a.sku},Leeds DC,40`,
      `${a.sku},main,5`,
      `${b.sku},Rotterdam,7`,
      `${b.sku},Rotterdam,8`,
      'NOPE-1,Main,3',
      `${a.sku},Atlantis,3`,
      `${a.sku},Main,-2`,
    ];
    const body = multipartBody([
      { name: 'file', filename: 'stock.csv', contentType: 'text/csv', content: lines.join('\n') },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stock/import',
      headers: { ...headers, ...body.headers, accept: 'application/x-ndjson' },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const answers = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers[0]).toMatchObject({ progress: { lines: expect.any(Number) } });
    const report = answers.at(-1).data;
    expect(report).toMatchObject({ added: 2, updated: 0, unchanged: 1, rejected: 4 });
    expect(report.rejections.map((r: { line: number }) => r.line)).toEqual([5, 6, 7, 8]);
    expect(await levels(a.id)).toMatchObject({ Main: 5, 'Leeds DC': 40 });
    expect(await stockOf(app, a.id)).toBe(45);
    expect(await stockOf(app, b.id)).toBe(7);
    const [entry] = (
      await app.db.execute(sql`select summary from audit_log where action = 'stock.import'`)
    ).rows;
    expect(String(entry?.summary)).toContain('stock.csv');
    expect(await sumsOff()).toBe(0);
  });

  it('keeps every stock route to admins', async () => {
    for (const who of [buyer, undefined]) {
      const res = await app.inject({
        url: '/api/v1/admin/warehouses',
        headers: who ? as(who) : {},
      });
      expect(res.statusCode).toBe(who ? 403 : 401);
    }
  });
});
