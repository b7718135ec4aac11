import { addDays } from '@proper-parts/domain/days';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox, stockOf } from '../../../test/order-helpers.ts';
import { addWarehouse } from '../../../test/warehouse-helpers.ts';

/**
 * Issue 36: receiving a purchase order. Its pieces promised to backordered lines go to those
 * orders, allocated in the warehouse they came into (its pick list), and leave the lines'
 * backorders; the rest goes into that warehouse's stock and the product's sum; once. PGlite, and
 * PostgreSQL with DATABASE_URL (where the racing receipts and checkouts run on separate
 * connections).
 */
describe('receiving a purchase order', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: as(who), payload });
  const today = new Date().toISOString().slice(0, 10);
  const leeds = await addWarehouse(app, admin, 'Leeds', 'GB');

  /** A part with `stock` on hand in Main, taking backorders, and one purchase order of `incoming`. */
  async function partWithIncoming(stock: number, incoming: number) {
    const p = await createProduct(app, { availableQuantity: stock, minimumOrderQuantity: 1 });
    const set = await call(admin, 'PUT', `/admin/products/${p.id}/backorder`, {
      allowed: true,
      leadTimeDays: null,
    });
    expect(set.statusCode, set.body).toBe(200);
    const po = await call(admin, 'POST', '/admin/purchase-orders', {
      productId: p.id,
      quantity: incoming,
      expectedOn: addDays(today, 10),
    });
    expect(po.statusCode, po.body).toBe(200);
    return { productId: p.id, slug: p.slug, poId: po.json().data.id as string };
  }
  /** A buyer's order of `quantity` (paid unless said), its pieces above the stock backordered. */
  async function orderOf(productId: string, quantity: number, paid = true) {
    const buyer = await signUp(app);
    expect((await call(buyer, 'PUT', `/cart/lines/${productId}`, { quantity })).statusCode).toBe(
      200,
    );
    const placed = await call(buyer, 'POST', '/orders', {
      address: '1 Mill Rd',
      phone: '555 0100',
      acceptBackorder: true,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data._id as string;
    if (paid) expect((await payWithSandbox(app, buyer, id)).statusCode).toBe(200);
    return { buyer, id };
  }
  const lineOf = async (buyer: TestUser, orderId: string) =>
    (await call(buyer, 'GET', `/myPurchase/${orderId}`)).json().data.lines[0];
  const levels = async (productId: string) =>
    (
      await app.db.execute(
        sql`select w.name, s.quantity from warehouse_stock s join warehouses w on w.id = s.warehouse_id
          where s.product_id = ${productId} and s.quantity > 0 order by w.id`,
      )
    ).rows.map((r) => [r.name, Number(r.quantity)]);
  const receive = (poId: string, warehouse: string | number, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/purchase-orders/${poId}/receive`,
      headers: { ...as(admin), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { warehouse },
    });

  it('hands the promised pieces to their orders in that warehouse and stocks only the rest', async () => {
    const part = await partWithIncoming(2, 10);
    const first = await orderOf(part.productId, 5); // 2 now, 3 backordered
    const second = await orderOf(part.productId, 4); // 4 backordered
    const before = await lineOf(first.buyer, first.id);
    expect(before.backordered).toBe(3);
    expect(before.expectedOn).toBe(addDays(today, 10));

    const res = await receive(part.poId, 'leeds');
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data;
    expect(receipt).toMatchObject({ toOrders: 7, orders: 2, toStock: 3 });
    expect(receipt.purchaseOrder.receivedInto).toBe('Leeds');
    expect(res.json().message).toBe(
      'Received into Leeds: 7 pieces to 2 backordered orders, 3 into stock',
    );

    // The lines are no longer backordered: their pieces wait in Leeds, to pick.
    const after = await lineOf(first.buyer, first.id);
    expect(after.backordered).toBeUndefined();
    expect(after.expectedOn).toBeUndefined();
    expect(after.picks).toEqual([
      expect.objectContaining({ warehouse: 'Main', quantity: 2 }),
      expect.objectContaining({ warehouseId: leeds, warehouse: 'Leeds', quantity: 3 }),
    ]);
    expect((await lineOf(second.buyer, second.id)).picks).toEqual([
      expect.objectContaining({ warehouse: 'Leeds', quantity: 4, shipped: 0 }),
    ]);
    // Only the 3 unpromised pieces are for sale, in Leeds; the sum is the warehouses'.
    expect(await stockOf(app, part.productId)).toBe(3);
    expect(await levels(part.productId)).toEqual([['Leeds', 3]]);
    // No product page shows it as incoming any more, and no checkout promises from it.
    const page = await app.inject({ url: `/api/v1/catalog/products/${part.slug}` });
    expect(page.json().data.backorder.incoming).toEqual([]);
    const late = await signUp(app);
    await call(late, 'PUT', `/cart/lines/${part.productId}`, { quantity: 5 });
    const refused = await call(late, 'POST', '/orders', {
      address: '1 Mill Rd',
      phone: '555 0100',
      acceptBackorder: true,
    });
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it('ships the received pieces from that warehouse, and a cancel gives them back there', async () => {
    const part = await partWithIncoming(0, 6);
    const shipped = await orderOf(part.productId, 2);
    const cancelled = await orderOf(part.productId, 3, false);
    expect((await receive(part.poId, leeds)).statusCode).toBe(200);
    expect(await levels(part.productId)).toEqual([['Leeds', 1]]);

    const shipment = await call(admin, 'POST', `/manageOrder/${shipped.id}/shipments`, {
      carrier: 'DHL',
      trackingNumber: 'JD014600006281230704',
      lines: [{ productId: part.productId, quantity: 2 }],
    });
    expect(shipment.statusCode, shipment.body).toBe(200);
    expect(shipment.json().data.warehouse).toBe('Leeds');

    const cancel = await call(cancelled.buyer, 'DELETE', `/myPurchase/${cancelled.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The 3 received for the cancelled order are for sale again, in Leeds; nothing made or lost.
    expect(await levels(part.productId)).toEqual([['Leeds', 4]]);
    expect(await stockOf(app, part.productId)).toBe(4);
  });

  it('receives once: a second receipt is refused and the stock is not added twice', async () => {
    const part = await partWithIncoming(0, 5);
    expect((await receive(part.poId, 'Main')).statusCode).toBe(200);
    const again = await receive(part.poId, 'Main');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This purchase order was already received on ${new Date().toISOString().slice(0, 10)}`,
    );
    expect(await stockOf(app, part.productId)).toBe(5);
    // A received purchase order stays on record.
    const gone = await call(admin, 'DELETE', `/admin/purchase-orders/${part.poId}`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('This purchase order was received: it stays on record');
    const listed = await call(admin, 'GET', `/admin/purchase-orders?productId=${part.productId}`);
    expect(listed.json().data[0]).toMatchObject({ receivedInto: 'Main', quantity: 5 });
    expect(listed.json().data[0].receivedAt).toEqual(expect.any(String));
  });

  it('answers a replayed Idempotency-Key with the first receipt, and racing receipts stock once', async () => {
    const part = await partWithIncoming(0, 8);
    const first = await receive(part.poId, 'Main', 'receive-po-1');
    const replay = await receive(part.poId, 'Main', 'receive-po-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual(first.json().data);

    const raced = await partWithIncoming(0, 8);
    const answers = await Promise.all(Array.from({ length: 4 }, () => receive(raced.poId, 'Main')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await stockOf(app, raced.productId)).toBe(8);
  });

  it('hands over exactly what checkouts racing the receipt promised: nothing sold twice', async () => {
    const part = await partWithIncoming(0, 6);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const buyer = await signUp(app);
        await call(buyer, 'PUT', `/cart/lines/${part.productId}`, { quantity: 1 });
        return buyer;
      }),
    );
    const [received, ...placed] = await Promise.all([
      receive(part.poId, 'Main'),
      ...buyers.map((buyer) =>
        call(buyer, 'POST', '/orders', {
          address: '1 Mill Rd',
          phone: '555 0100',
          acceptBackorder: true,
        }),
      ),
    ]);
    if (!received) throw new Error('no receipt');
    expect(received.statusCode, received.body).toBe(200);
    const ordered = placed.filter((a) => a.statusCode === 200).length;
    // Each checkout either promised before the receipt (handed over) or bought from the stock
    // the receipt made: all six ordered, none twice.
    const { toOrders, toStock } = received.json().data;
    expect(toOrders + toStock).toBe(6);
    expect(ordered).toBe(6);
    const rows = await app.db.execute(
      sql`select coalesce(sum(l.quantity), 0)::int as sold,
          coalesce(sum(l.backordered), 0)::int as back
        from order_lines l where l.product_id = ${part.productId}`,
    );
    expect(Number(rows.rows[0]?.back)).toBe(0);
    expect(Number(rows.rows[0]?.sold) + (await stockOf(app, part.productId))).toBe(6);
  });

  it('refuses an unknown warehouse, an unknown purchase order, junk and a buyer', async () => {
    const part = await partWithIncoming(0, 2);
    const unknown = await receive(part.poId, 'Atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^warehouse/);
    const missing = await receive('00000000-0000-4000-8000-000000000000', 'Main');
    expect(missing.statusCode).toBe(404);
    const junk = await call(admin, 'POST', `/admin/purchase-orders/${part.poId}/receive`, {
      warehouse: 'Main',
      quantity: 99,
    });
    expect(junk.statusCode).toBe(400);
    const buyer = await signUp(app);
    const denied = await call(buyer, 'POST', `/admin/purchase-orders/${part.poId}/receive`, {
      warehouse: 'Main',
    });
    expect(denied.statusCode).toBe(403);
    expect(await stockOf(app, part.productId)).toBe(0);
  });
});
