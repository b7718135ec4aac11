import { addDays } from '@proper-parts/domain/days';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, stockOf } from '../../../test/order-helpers.ts';

/**
 * Issue 36: backorders. A cart line above the stock ships what is on hand and backorders the
 * rest, expected when its purchase orders come in (earliest first) or after the product's lead
 * time; the buyer accepts it at checkout or nothing is ordered; a purchase order's pieces are
 * promised at most once, in the checkout's statement. PGlite, and PostgreSQL with DATABASE_URL
 * (where the racing checkouts below run on separate connections).
 */
describe('backorders', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: as(who), payload });
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => addDays(today, n);

  async function part(stock: number, leadTimeDays: number | null, pos: [number, number][] = []) {
    const p = await createProduct(app, { availableQuantity: stock, minimumOrderQuantity: 1 });
    const set = await call(admin, 'PUT', `/admin/products/${p.id}/backorder`, {
      allowed: true,
      leadTimeDays,
    });
    expect(set.statusCode, set.body).toBe(200);
    for (const [quantity, days] of pos) {
      const po = await call(admin, 'POST', '/admin/purchase-orders', {
        productId: p.id,
        quantity,
        expectedOn: inDays(days),
      });
      expect(po.statusCode, po.body).toBe(200);
    }
    return p;
  }
  async function buyerWith(productId: string, quantity: number) {
    const buyer = await signUp(app);
    const put = await call(buyer, 'PUT', `/cart/lines/${productId}`, { quantity });
    expect(put.statusCode, put.body).toBe(200);
    return buyer;
  }
  const checkout = (buyer: TestUser, acceptBackorder?: boolean) =>
    call(buyer, 'POST', '/orders', {
      address: '1 Mill Rd',
      phone: '+1 309 555 0100',
      ...(acceptBackorder === undefined ? {} : { acceptBackorder }),
    });
  const promisedOf = async (productId: string) =>
    (
      await app.db.execute(
        sql`select quantity as q, promised as p from purchase_orders
          where product_id = ${productId} order by expected_on, id`,
      )
    ).rows.map((r) => [Number(r.q), Number(r.p)]);

  it('shows the terms on the product page and splits the cart line: ships now, backordered, expected', async () => {
    const p = await part(12, null, [
      [40, 20],
      [10, 40],
    ]);
    const page = await app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p.slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.backorder).toEqual({
      allowed: true,
      leadTimeDays: null,
      incoming: [
        { quantity: 40, expectedOn: inDays(20) },
        { quantity: 10, expectedOn: inDays(40) },
      ],
    });
    expect(page.json().data.stock).toEqual([{ warehouse: 'Main', quantity: 12 }]);

    const buyer = await buyerWith(p.id, 30);
    const line = (await call(buyer, 'GET', '/cart')).json().data.lines[0];
    expect(line).toMatchObject({ quantity: 30, backordered: 18, expectedOn: inDays(20) });
    expect(line.problem).toBeNull();
    // Past the first purchase order: expected when the second comes in.
    await call(buyer, 'PUT', `/cart/lines/${p.id}`, { quantity: 60 });
    const later = (await call(buyer, 'GET', '/cart')).json().data.lines[0];
    expect(later).toMatchObject({ backordered: 48, expectedOn: inDays(40), problem: null });
    // Past every purchase order, with no lead time: refused as any line above the stock.
    await call(buyer, 'PUT', `/cart/lines/${p.id}`, { quantity: 63 });
    const over = (await call(buyer, 'GET', '/cart')).json().data.lines[0];
    expect(over.problem).toBe('Only 62 left');
    const refused = await checkout(buyer, true);
    expect(refused.statusCode).toBe(409);
    expect(await stockOf(app, p.id)).toBe(12);
  });

  it('refuses a backordered line without the buyer’s acceptance, and takes nothing', async () => {
    const p = await part(12, null, [[40, 20]]);
    const buyer = await buyerWith(p.id, 30);
    for (const accept of [undefined, false]) {
      const res = await checkout(buyer, accept);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/accept the backorder/);
    }
    expect(await stockOf(app, p.id)).toBe(12);
    expect(await promisedOf(p.id)).toEqual([[40, 0]]);
    expect((await call(buyer, 'GET', '/cart')).json().data.lines).toHaveLength(1);
  });

  it('places an accepted backorder: the stock on hand is taken, the rest promised from the earliest purchase order', async () => {
    const p = await part(12, null, [
      [10, 30],
      [40, 14],
    ]);
    const buyer = await buyerWith(p.id, 30);
    const res = await checkout(buyer, true);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect(order.lines[0]).toMatchObject({ quantity: 30, backordered: 18, expectedOn: inDays(14) });
    expect(await stockOf(app, p.id)).toBe(0);
    expect(await promisedOf(p.id)).toEqual([
      [40, 18],
      [10, 0],
    ]);
    // The order as read later says the same; its one allocation is the 12 on hand.
    const read = await call(buyer, 'GET', `/myPurchase/${order._id}`);
    expect(read.json().data.lines[0]).toMatchObject({ backordered: 18, expectedOn: inDays(14) });
    const picked = await app.db.execute(
      sql`select sum(quantity)::int as n from order_line_allocations where order_id = ${order._id}`,
    );
    expect(Number(picked.rows[0]?.n)).toBe(12);
    // What is left of the purchase orders is what the product page offers next.
    const page = await app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p.slug}` });
    expect(page.json().data.backorder.incoming).toEqual([
      { quantity: 22, expectedOn: inDays(14) },
      { quantity: 10, expectedOn: inDays(30) },
    ]);
  });

  it('beyond the purchase orders, a lead time dates the backorder; a cancel gives the promises back', async () => {
    const p = await part(0, 10, [[5, 3]]);
    const buyer = await buyerWith(p.id, 8);
    const line = (await call(buyer, 'GET', '/cart')).json().data.lines[0];
    expect(line).toMatchObject({ backordered: 8, expectedOn: inDays(10), problem: null });
    const res = await checkout(buyer, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lines[0]).toMatchObject({ backordered: 8, expectedOn: inDays(10) });
    expect(await promisedOf(p.id)).toEqual([[5, 5]]);
    const cancelled = await call(buyer, 'DELETE', `/myPurchase/${res.json().data._id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await promisedOf(p.id)).toEqual([[5, 0]]);
    expect(await stockOf(app, p.id)).toBe(0);
  });

  it('a product that takes no backorders refuses a line above the stock, accepted or not', async () => {
    const p = await createProduct(app, { availableQuantity: 3, minimumOrderQuantity: 1 });
    const buyer = await buyerWith(p.id, 5);
    const line = (await call(buyer, 'GET', '/cart')).json().data.lines[0];
    expect(line).toMatchObject({ backordered: 0, expectedOn: null, problem: 'Only 3 left' });
    const res = await checkout(buyer, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).not.toMatch(/accept the backorder/);
    expect(await stockOf(app, p.id)).toBe(3);
  });

  it('never promises a purchase order twice: racing checkouts for its last pieces', async () => {
    const p = await part(4, null, [
      [10, 7],
      [6, 21],
    ]);
    // 12 buyers of 5 each: 4 on hand and 16 incoming cover 4 of them (20 pieces), never more.
    const buyers = await Promise.all(Array.from({ length: 12 }, () => buyerWith(p.id, 5)));
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer, true)));
    const placed = answers.filter((res) => res.statusCode === 200);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect(placed).toHaveLength(4);
    expect(await stockOf(app, p.id)).toBe(0);
    expect(await promisedOf(p.id)).toEqual([
      [10, 10],
      [6, 6],
    ]);
    const backordered = placed.reduce(
      (sum, res) => sum + (res.json().data.lines[0].backordered ?? 0),
      0,
    );
    expect(backordered).toBe(16);
    const recorded = await app.db.execute(
      sql`select coalesce(sum(b.quantity), 0)::int as n from backorder_promises b
        join purchase_orders o on o.id = b.purchase_order_id where o.product_id = ${p.id}`,
    );
    expect(Number(recorded.rows[0]?.n)).toBe(16);
  });

  it('the admin’s terms and purchase orders: bad input is a 400, a promised purchase order stays', async () => {
    const p = await part(0, null, [[5, 3]]);
    const bad = await call(admin, 'PUT', `/admin/products/${p.id}/backorder`, {
      allowed: true,
      leadTimeDays: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
    const badPo = await call(admin, 'POST', '/admin/purchase-orders', {
      productId: p.id,
      quantity: 0,
      expectedOn: '2027-02-31',
    });
    expect(badPo.statusCode).toBe(400);
    const list = await call(admin, 'GET', `/admin/purchase-orders?productId=${p.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const [po] = list.json().data;
    expect(po).toMatchObject({ quantity: 5, promised: 0, sku: p.sku });
    const buyer = await buyerWith(p.id, 2);
    expect((await checkout(buyer, true)).statusCode).toBe(200);
    const kept = await call(admin, 'DELETE', `/admin/purchase-orders/${po.id}`);
    expect(kept.statusCode).toBe(409);
    const other = await call(admin, 'POST', '/admin/purchase-orders', {
      productId: p.id,
      quantity: 9,
      expectedOn: inDays(9),
    });
    const gone = await call(admin, 'DELETE', `/admin/purchase-orders/${other.json().data.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const terms = await call(admin, 'GET', `/admin/products/${p.id}/backorder`);
    expect(terms.json().data).toMatchObject({
      allowed: true,
      leadTimeDays: null,
      incoming: [{ quantity: 3, expectedOn: inDays(3) }],
    });
  });
});
