import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { placeOrder } from '../../../test/order-helpers.ts';
import { buildPriceListShop, postPriceList, writeContracts } from './price-list-fixture.ts';

/**
 * Issue 35, decision 038: the resolution table. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL. Each row: who buys, which product, how many → the unit price in cents, where it
 * came from, and the list it came from.
 */
describe('contract price lists', async () => {
  const app = await buildTestApp();
  const shop = await buildPriceListShop(app, 'res');
  const lists = await writeContracts(app, shop);
  const { products: p } = shop;

  /** The one row's `cents` of a pricing query. */
  const centsOf = async (query: SQL) => {
    const [row] = (await app.db.execute(query)).rows as { cents: number }[];
    return Number(row?.cents);
  };
  const unitCents = (userId: string | null, productId: string, quantity: number) =>
    centsOf(
      sql`select pp_buyer_unit_price_cents(id, price_cents, ${quantity}::int, ${userId}::text)
          as cents from products where id = ${productId}`,
    );
  // As the checkout prices its lines (migration 0048): the products' brands and categories read
  // by the statement, given to each line's offer.
  const checkoutCents = (userId: string | null, productId: string, quantity: number) =>
    centsOf(
      sql`select u.cents from products p
            left join categories c1 on c1.id = p.category_id
            left join categories c2 on c2.id = c1.parent_id
            cross join lateral pp_buyer_unit_price_for(p.id, p.price_cents, ${quantity}::int,
              ${userId}::text, p.brand_id, p.category_id, c1.parent_id, c2.parent_id) u
          where p.id = ${productId}`,
    );
  const idOf = async (user: TestUser) =>
    (
      (await app.db.execute(sql`select id from "user" where email = ${user.email}`)).rows as {
        id: string;
      }[]
    )[0]?.id as string;
  const pricesOf = async (user: TestUser | null, ids: string[]) =>
    app.inject({
      url: `/api/v1/catalog/prices?productIds=${ids.join(',')}`,
      headers: user ? { cookie: user.cookie } : {},
    });

  const table: [
    who: 'A' | 'B' | 'outsider',
    product: keyof typeof p,
    qty: number,
    cents: number,
  ][] = [
    ['A', 'net', 1, 7777], // A net (priority 10) beats A general; expired/future 90 % ignored
    ['A', 'net', 10, 7777], // the tier price (95.00) is higher: the contract stays
    ['A', 'net', 50, 7000], // a break inside the list
    ['A', 'branded', 1, 9500], // brand rule, 5 %
    ['A', 'nested', 1, 1600], // category "top" reaches its subcategory: 20 %
    ['A', 'specific', 1, 9800], // the grandchild's own 2 % beats top's 20 %: most specific
    ['A', 'plain', 1, 990], // everything, 1 %
    ['A', 'tiered', 1, 9900], // everything, 1 %
    ['A', 'tiered', 100, 5000], // the tier price is lower: never above it
    ['B', 'net', 1, 5555], // B's product price beats B's 50 % everything in B's list
    ['B', 'plain', 1, 500],
    ['outsider', 'net', 1, 10000], // no company: list price
    ['outsider', 'net', 10, 9500], // and tier prices
  ];
  const users = { A: shop.buyerA, B: shop.buyerB, outsider: shop.outsider };

  it.each(table)('%s buys %s × %i at %i cents', async (who, product, qty, cents) => {
    expect(await unitCents(await idOf(users[who]), p[product].id, qty)).toBe(cents);
  });

  it.each(table)('%s checks out %s × %i at %i cents', async (who, product, qty, cents) => {
    expect(await checkoutCents(await idOf(users[who]), p[product].id, qty)).toBe(cents);
  });

  it('a visitor (no user) pays list and tier prices', async () => {
    expect(await unitCents(null, p.net.id, 1)).toBe(10000);
    expect(await unitCents(null, p.net.id, 10)).toBe(9500);
  });

  it('answers a buyer their own prices, breaks and list; a visitor is refused', async () => {
    const res = await pricesOf(shop.buyerA, [p.net.id, p.tiered.id, p.plain.id]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [net, tiered, plain] = res.json().data;
    expect(net).toEqual({
      productId: p.net.id,
      unitPrice: 77.77,
      listPrice: 100,
      priceBreaks: [{ minQuantity: 50, price: 70 }],
      source: 'contract',
      priceList: { id: lists.net, name: 'A net' },
    });
    expect(tiered.priceBreaks).toEqual([{ minQuantity: 100, price: 50 }]);
    expect(plain).toMatchObject({ unitPrice: 9.9, source: 'contract' });
    expect(plain.priceList.id).toBe(lists.general);
    const outsider = (await pricesOf(shop.outsider, [p.net.id])).json().data[0];
    expect(outsider).toMatchObject({ unitPrice: 100, source: 'list', priceList: null });
    expect(outsider.priceBreaks).toEqual([{ minQuantity: 10, price: 95 }]);
    expect((await pricesOf(null, [p.net.id])).statusCode).toBe(401);
  });

  it('charges the contract price in the cart, quick order and the order', async () => {
    const cart = await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${p.net.id}`,
      headers: { cookie: shop.buyerA.cookie },
      payload: { quantity: 50 },
    });
    expect(cart.json().data.lines[0]).toMatchObject({
      unitPrice: 70,
      listPrice: 100,
      priceSource: 'contract',
      lineTotal: 3500,
    });
    const quick = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/quick-order',
      headers: { cookie: shop.buyerA.cookie },
      payload: { text: `${shop.sku('branded')} 2` },
    });
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().data.total).toBe(190);
    // Checkout: the client's price fields are ignored; the order (and so its invoice) is at 70.00.
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: shop.buyerA.cookie },
      payload: {
        address: '1 Mill Rd, Peoria IL',
        phone: '+1 309 555 0100',
        price: 0.01,
        lines: [{ productId: p.net.id, unitPrice: 0 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.price).toBe(3500);
    expect(placed.json().data.lines[0].unitPrice).toBe(70);
    const orderId = await placeOrder(app, shop.buyerA, { toolId: p.nested.id, quantity: 3 });
    const [order] = (
      await app.db.execute(
        sql`select unit_price_cents as unit, total_cents as total from orders where id = ${orderId}`,
      )
    ).rows as { unit: number; total: number }[];
    expect({ unit: Number(order?.unit), total: Number(order?.total) }).toEqual({
      unit: 1600,
      total: 4800,
    });
  });

  it('gives a buyer who leaves the company list prices at once', async () => {
    const leaver = await idOf(shop.buyerA);
    expect(await unitCents(leaver, p.plain.id, 1)).toBe(990);
    const removed = await app.db.execute(
      sql`delete from company_members where user_id = ${leaver} returning company_id`,
    );
    expect(removed.rows).toHaveLength(1);
    expect(await unitCents(leaver, p.plain.id, 1)).toBe(1000);
    const cart = await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${p.net.id}`,
      headers: { cookie: shop.buyerA.cookie },
      payload: { quantity: 50 },
    });
    expect(cart.json().data.lines[0]).toMatchObject({ unitPrice: 95, priceSource: 'tier' });
    await app.db.execute(
      sql`insert into company_members (user_id, company_id, role)
        values (${leaver}, ${shop.companyA}, 'buyer')`,
    );
  });

  it('reads, pages, replaces and deletes lists (admin)', async () => {
    const admin = { cookie: shop.admin.cookie };
    const one = await app.inject({
      url: `/api/v1/admin/price-lists/${lists.half}`,
      headers: admin,
    });
    expect(one.json().data).toMatchObject({
      name: 'B half',
      companyIds: [shop.companyB],
      entries: [{ sku: shop.sku('net'), price: 55.55, minQuantity: 1 }, { percentOff: 50 }],
    });
    const first = await app.inject({ url: '/api/v1/admin/price-lists?limit=2', headers: admin });
    const next = first.json().nextCursor as string;
    const second = await app.inject({
      url: `/api/v1/admin/price-lists?limit=10&cursor=${next}`,
      headers: admin,
    });
    const names = [...first.json().data, ...second.json().data].map(
      (l: { name: string }) => l.name,
    );
    expect(names).toEqual(['B half', 'A future', 'A expired', 'A general', 'A net']);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/price-lists/${lists.half}`,
      headers: admin,
      payload: {
        name: 'B third',
        companyIds: [shop.companyB],
        priority: 0,
        entries: [{ percentOff: 33 }],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await unitCents(await idOf(shop.buyerB), p.net.id, 1)).toBe(6700);
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/price-lists/${lists.half}`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(200);
    expect(await unitCents(await idOf(shop.buyerB), p.net.id, 1)).toBe(10000);
  });

  it('creates once per Idempotency-Key', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/price-lists',
        headers: { cookie: shop.admin.cookie, 'idempotency-key': 'price-list-once-1' },
        payload: { name: 'Once', companyIds: [], priority: 0, entries: [] },
      });
    const [a, b] = [await send(), await send()];
    expect(a.json().data.id).toBe(b.json().data.id);
  });

  const bad: [string, object, RegExp][] = [
    ['unknown sku', { entries: [{ sku: 'NO-SUCH-SKU', price: 1 }] }, /sku.*NO-SUCH-SKU/],
    ['unknown company', { companyIds: ['00000000-0000-4000-8000-000000000009'] }, /companyIds/],
    ['negative price', { entries: [{ sku: 'X', price: -1 }] }, /price/],
    ['percent above 100', { entries: [{ percentOff: 101 }] }, /percentOff/],
    ['percent below 0', { entries: [{ brand: 'x', percentOff: -5 }] }, /percentOff/],
    [
      'validTo before validFrom',
      { validFrom: '2027-01-02T00:00:00Z', validTo: '2027-01-01T00:00:00Z' },
      /validTo/,
    ],
    ['10 KB name', { name: 'n'.repeat(10_240) }, /name/],
    ['10 KB sku', { entries: [{ sku: 's'.repeat(10_240), price: 1 }] }, /sku/],
    ['unknown brand', { entries: [{ brand: 'no-such-brand', percentOff: 5 }] }, /brand/],
    ['price without sku', { entries: [{ price: 5 }] }, /sku/],
  ];
  it.each(bad)('refuses %s with a 4xx naming the field', async (_, change, field) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/price-lists',
      headers: { cookie: shop.admin.cookie },
      payload: { name: 'Bad', companyIds: [], priority: 0, entries: [], ...change },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toMatch(field);
  });

  it('refuses more than 100 product ids', async () => {
    const ids = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const res = await pricesOf(shop.buyerA, ids);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/productIds/);
  });

  it("PATCH changes a list's settings and companies, keeping its entries; bad input a 4xx", async () => {
    const id = await postPriceList(app, shop.admin, {
      name: 'To patch',
      companyIds: [shop.companyB],
      priority: -5,
      entries: [
        { sku: shop.sku('plain'), price: 9.99 },
        { brand: shop.brandSlug, percentOff: 3 },
      ],
    });
    const admin = { cookie: shop.admin.cookie };
    const read = async () =>
      (await app.inject({ url: `/api/v1/admin/price-lists/${id}`, headers: admin })).json().data;
    const before = await read();
    const patch = (payload: object, headers: Record<string, string> = admin) =>
      app.inject({ method: 'PATCH', url: `/api/v1/admin/price-lists/${id}`, headers, payload });
    const settings = {
      name: 'B and A half',
      companyIds: [shop.companyA, shop.companyB],
      priority: 3,
      validFrom: null,
      validTo: '2099-01-01T00:00:00.000Z',
    };
    const res = await patch(settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Price list "B and A half" saved' });
    const after = await read();
    expect(after).toMatchObject({
      name: 'B and A half',
      priority: 3,
      validTo: '2099-01-01T00:00:00.000Z',
      companyIds: [shop.companyA, shop.companyB].sort(),
    });
    expect(after.entries).toEqual(before.entries);

    for (const [change, status] of [
      [{ validFrom: '2099-02-01T00:00:00Z' }, 400],
      [{ companyIds: ['00000000-0000-4000-8000-000000000009'] }, 400],
      [{ entries: [] }, 400],
      [{ name: '' }, 400],
    ] as const) {
      const refused = await patch({ ...settings, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(status);
      expect(refused.json().success).toBe(false);
    }
    expect((await patch(settings, { cookie: shop.buyerA.cookie })).statusCode).toBe(403);
    const none = await app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/price-lists/00000000-0000-4000-8000-000000000000',
      headers: admin,
      payload: settings,
    });
    expect(none.statusCode).toBe(404);
    expect(await read()).toEqual(after);
    await app.inject({ method: 'DELETE', url: `/api/v1/admin/price-lists/${id}`, headers: admin });
  });
});
