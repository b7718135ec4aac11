import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createApiKey } from '../../../test/api-key-helpers.ts';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import {
  createProduct,
  insertBulkProducts,
  placeOrder,
  stockOf,
} from '../../../test/order-helpers.ts';

describe('ERP sync (issue 34)', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app, { email: 'erp-admin@example.com' });
  const buyer = await signUp(app, { email: 'erp-buyer@example.com' });
  const { key } = await createApiKey(app, admin, [
    'stock:write',
    'catalog:write',
    'orders:read',
    'orders:write',
  ]);
  const put = (url: string, payload: unknown) =>
    app.inject({ method: 'PUT', url, headers: bearer(key), payload: payload as object });

  it('answers per item: a SKU of another case, an unknown one, one sent twice', async () => {
    const part = await createProduct(app, { sku: 'Erp-Case-1', availableQuantity: 3 });
    const gone = await createProduct(app, { sku: 'ERP-GONE-1', deletedAt: new Date() });
    const res = await put('/api/v1/integration/stock', {
      items: [
        { sku: 'erp-CASE-1', quantity: 40 },
        { sku: 'NO-SUCH-SKU', quantity: 1 },
        { sku: 'ERP-CASE-1', quantity: 99 },
        { sku: 'ERP-GONE-1', quantity: 5 },
      ],
    });
    expect(res.json().data.results).toEqual([
      { sku: 'erp-CASE-1', status: 'updated' },
      { sku: 'NO-SUCH-SKU', status: 'not_found', message: 'no product has this SKU' },
      {
        sku: 'ERP-CASE-1',
        status: 'rejected',
        message: 'this SKU is also item 1, which was applied',
      },
      { sku: 'ERP-GONE-1', status: 'not_found', message: 'no product has this SKU' },
    ]);
    expect(await stockOf(app, part.id)).toBe(40);
    expect(await stockOf(app, gone.id)).toBe(100);
  });

  it('refuses the whole request for a bad item, 10,001 items, or a body over 2 MiB', async () => {
    const part = await createProduct(app, { sku: 'ERP-JUNK-1', availableQuantity: 7 });
    const cases: [unknown, number, string][] = [
      [
        { items: [{ sku: 'ERP-JUNK-1', quantity: -1 }] },
        400,
        'items.0.quantity: quantity: must not be negative',
      ],
      [
        { items: [{ sku: 'ERP-JUNK-1', quantity: 1.5 }] },
        400,
        'items.0.quantity: quantity: must be a whole number of pieces',
      ],
      [{ items: [{ sku: 'ERP-JUNK-1', quantity: '5' }] }, 400, 'items.0.quantity'],
      [{ items: [{ sku: '', quantity: 5 }] }, 400, 'items.0.sku: sku: is required'],
      [{ items: [{ sku: 'ERP-JUNK-1', quantity: 1, price: 2 }] }, 400, 'items.0'],
      [{ items: [] }, 400, 'items: items: at least one item'],
      [
        { items: Array.from({ length: 10_001 }, (_, i) => ({ sku: `X${i}`, quantity: 1 })) },
        400,
        'items: items: at most 10,000 a request',
      ],
      [{ items: [{ sku: 'X'.repeat(3 * 1024 * 1024), quantity: 1 }] }, 413, ''],
    ];
    for (const [payload, status, message] of cases) {
      const res = await put('/api/v1/integration/stock', payload);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toContain(message);
    }
    expect(await stockOf(app, part.id)).toBe(7);
  });

  it('sets prices in dollars (kept in cents), not at or below a volume price', async () => {
    const plain = await createProduct(app, { sku: 'ERP-PRICE-1', priceCents: 1000 });
    const tiered = await createProduct(app, { sku: 'ERP-PRICE-2', priceCents: 1000 });
    await app.db.execute(
      sql`insert into price_breaks (product_id, min_quantity, price_cents) values (${tiered.id}, 10, 800)`,
    );
    const res = await put('/api/v1/integration/prices', {
      items: [
        { sku: 'erp-price-1', price: 12.34 },
        { sku: 'ERP-PRICE-2', price: 8 },
      ],
    });
    expect(res.json().data.results).toEqual([
      { sku: 'erp-price-1', status: 'updated' },
      {
        sku: 'ERP-PRICE-2',
        status: 'rejected',
        message: "price: must be above the product's volume prices (the highest is $8.00)",
      },
    ]);
    const prices = (
      await app.db.execute(
        sql`select price_cents as "priceCents" from products where id in (${plain.id}, ${tiered.id}) order by sku`,
      )
    ).rows;
    expect(prices).toEqual([{ priceCents: 1234 }, { priceCents: 1000 }]);
    const tool = await app.inject({ url: `/api/v1/tools/${plain.id}` });
    expect(tool.json().data.price).toBe(12.34);
    for (const price of [-1, 0, 1.234, '5']) {
      const bad = await put('/api/v1/integration/prices', {
        items: [{ sku: 'ERP-PRICE-1', price }],
      });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('tells webhooks what a sync changed, as an admin edit does: product.updated, stock.low; nothing for a value sent again', async () => {
    const part = await createProduct(app, {
      sku: 'ERP-HOOK-1',
      minimumOrderQuantity: 5,
      availableQuantity: 40,
      priceCents: 1000,
    });
    const eventsOf = async () =>
      (
        await app.db.execute<{ type: string; data: Record<string, unknown> }>(
          sql`select type, data from outbox_events where subject = ${`product:${part.id}`}
            order by seq`,
        )
      ).rows;
    // 40 → 12: still at or above the low line (2 × 5 = 10); 12 → 6 crosses it; 6 → 6 is no change.
    for (const quantity of [12, 6, 6])
      expect(
        (await put('/api/v1/integration/stock', { items: [{ sku: 'erp-hook-1', quantity }] }))
          .statusCode,
      ).toBe(200);
    await put('/api/v1/integration/prices', { items: [{ sku: 'ERP-HOOK-1', price: 11.5 }] });
    await put('/api/v1/integration/prices', { items: [{ sku: 'ERP-HOOK-1', price: 11.5 }] });
    const product = { id: part.id, sku: 'ERP-HOOK-1', name: part.name, created: false };
    expect(await eventsOf()).toEqual([
      { type: 'product.updated', data: { ...product, price: 10, available: 12 } },
      { type: 'product.updated', data: { ...product, price: 10, available: 6 } },
      {
        type: 'stock.low',
        data: { productId: part.id, sku: 'ERP-HOOK-1', available: 6, lowLine: 10 },
      },
      { type: 'product.updated', data: { ...product, price: 11.5, available: 6 } },
    ]);
  });

  it('feeds orders changed since a cursor, each with its lines, and takes the ERP number back', async () => {
    const part = await createProduct(app, {
      sku: 'ERP-ORDER-1',
      minimumOrderQuantity: 1,
      availableQuantity: 50,
    });
    const feed = async (since?: string) => {
      const res = await app.inject({
        url: `/api/v1/integration/orders${since ? `?since=${since}` : ''}`,
        headers: bearer(key),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        items: {
          _id: string;
          lines: unknown[];
          price: number;
          status: string;
          address: string;
          erpOrderNumber: string | null;
        }[];
        nextCursor: string;
      };
    };
    /**
     * An order is fed once every transaction older than it has ended, in any database of the
     * cluster (other test files write beside this one): poll as the ERP does.
     */
    // A long transaction elsewhere in the cluster (a seed, a bench's load) holds them back for as
    // long as it runs: up to 20 s here, a hang guard.
    const feedUntil = async (since: string, count: number) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const page = await feed(since);
        if (page.items.length >= count || Date.now() > deadline) return page;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const start = await feed();
    expect(start.items).toEqual([]);
    const first = await placeOrder(app, buyer, {
      toolId: part.id,
      quantity: 2,
      address: '1 Mill Rd',
    });
    const second = await placeOrder(app, buyer, { toolId: part.id, quantity: 3 });
    const page = await feedUntil(start.nextCursor, 2);
    expect(page.items.map((o) => o._id)).toEqual([first, second]);
    expect(page.items[0]).toMatchObject({
      address: '1 Mill Rd',
      status: 'unpaid',
      price: 25,
      erpOrderNumber: null,
    });
    expect(page.items[0]?.lines).toEqual([
      expect.objectContaining({ sku: 'ERP-ORDER-1', quantity: 2 }),
    ]);
    expect((await feed(page.nextCursor)).items).toEqual([]);

    const exported = await put(`/api/v1/integration/orders/${first}/export`, {
      erpOrderNumber: 'SO-1001',
    });
    expect(exported.json()).toMatchObject({
      success: true,
      data: { id: first, erpOrderNumber: 'SO-1001' },
    });
    // The same number again is fine; another is refused.
    expect(
      (await put(`/api/v1/integration/orders/${first}/export`, { erpOrderNumber: 'SO-1001' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put(`/api/v1/integration/orders/${first}/export`, { erpOrderNumber: 'SO-9' }))
        .statusCode,
    ).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await put(`/api/v1/integration/orders/${unknown}/export`, { erpOrderNumber: 'SO-2' }))
        .statusCode,
    ).toBe(404);
    // The export is a change: the order comes again, with its number; an admin sees it too.
    const again = await feedUntil(page.nextCursor, 1);
    expect(again.items.map((o) => [o._id, o.erpOrderNumber])).toEqual([[first, 'SO-1001']]);
    const adminView = await app.inject({
      url: '/api/v1/manageOrder',
      headers: { cookie: admin.cookie },
    });
    const shown = adminView.json().data.find((o: { _id: string }) => o._id === first);
    expect(shown.erpOrderNumber).toBe('SO-1001');
    expect(
      (await app.inject({ url: '/api/v1/integration/orders?since=junk', headers: bearer(key) }))
        .statusCode,
    ).toBe(400);
  });

  it('pages the feed by limit without losing or repeating an order', async () => {
    const part = await createProduct(app, {
      sku: 'ERP-PAGE-1',
      minimumOrderQuantity: 1,
      availableQuantity: 50,
    });
    const placed: string[] = [];
    for (let i = 0; i < 5; i += 1)
      placed.push(await placeOrder(app, buyer, { toolId: part.id, quantity: 1 }));
    const seen: string[] = [];
    let since = '';
    // Polls as the ERP does (an order waits for every older transaction of the cluster to end).
    for (let poll = 0; poll < 200 && !placed.every((id) => seen.includes(id)); poll += 1) {
      const res = await app.inject({
        url: `/api/v1/integration/orders?limit=2${since ? `&since=${since}` : ''}`,
        headers: bearer(key),
      });
      const { items, nextCursor } = res.json().data;
      if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(...items.map((o: { _id: string }) => o._id));
      since = nextCursor;
    }
    expect(seen.filter((id) => placed.includes(id))).toEqual(placed);
    expect(new Set(seen).size).toBe(seen.length);
  });

  // Last: the orders of the tests above were all fed, so the script sees every one of them.
  it('runs the worked example of docs/erp-api.md as written: 10,000 stock levels in one call, every order exported', async () => {
    await insertBulkProducts(app, 10_000, {
      name: 'Bulk',
      sku: 'SKU-',
      first: 0,
      availableQuantity: 1,
    });
    const doc = readFileSync(join(import.meta.dirname, '../../../../docs/erp-api.md'), 'utf8');
    const script = /`erp-sync\.mjs`[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(script).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'pp-erp-sync-'));
    const file = join(dir, 'erp-sync.mjs');
    writeFileSync(file, script ?? '');
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const started = performance.now();
      const run = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [file], {
          env: { ...process.env, SHOP_URL: base, SHOP_API_KEY: key },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk;
        });
        child.stderr.on('data', (chunk: Buffer) => {
          out += chunk;
        });
        child.once('exit', (code) => resolve({ code, out }));
      });
      const ms = performance.now() - started;
      expect(run.code, run.out).toBe(0);
      expect(run.out).toContain('10000 updated, 0 not');
      console.info(
        `docs/erp-api.md's script (10,000 stock levels, the order feed): ${Math.round(ms)} ms (${app.dbKind})`,
      );
      expect(run.out).toMatch(/next cursor: \S+/);
      const [stock] = (
        await app.db.execute(sql`select count(*)::int as n from products
          where sku like 'SKU-%' and available_quantity = 25`)
      ).rows as { n: number }[];
      expect(stock?.n).toBe(10_000);
      // Each level changed (1 → 25): each is told, in its batch's statement.
      const [told] = (
        await app.db.execute(sql`select count(*)::int as n from outbox_events
          where type = 'product.updated' and data->>'sku' like 'SKU-%'`)
      ).rows as { n: number }[];
      expect(told?.n).toBe(10_000);
      // Each order of this file is exported now, with the ERP's number.
      const orders = (
        await app.db.execute<{ id: string; erp: string | null }>(
          sql`select id, erp_order_number as erp from orders`,
        )
      ).rows;
      expect(orders.length).toBeGreaterThan(5);
      for (const order of orders)
        expect(order.erp, order.id).toBe(
          order.erp === 'SO-1001' ? 'SO-1001' : `SO-${order.id.slice(0, 8)}`,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
