import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';
import { addWarehouse } from '../../../test/warehouse-helpers.ts';

/**
 * Issue 36: a shipment leaves from one warehouse. An order allocated to two ships in two
 * shipments; its lines say what each warehouse must pick; the rest cancelled goes back to the
 * warehouse it lay in. PGlite, and PostgreSQL with DATABASE_URL.
 */
describe('shipments per warehouse', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const buyer = await signUp(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: as(who), payload });
  const leeds = await addWarehouse(app, admin, 'Leeds', 'GB');
  const rotterdam = await addWarehouse(app, admin, 'Rotterdam', 'NL');
  const levels = async (productId: string) =>
    (
      await app.db.execute(
        sql`select warehouse_id as w, quantity as q from warehouse_stock
          where product_id = ${productId} order by warehouse_id`,
      )
    ).rows.map((r) => [Number(r.w), Number(r.q)]);

  /** A paid order of 6 of a part held 4 in Leeds and 4 in Rotterdam, and 2 of one held in Leeds. */
  async function splitOrder() {
    const a = (await createProduct(app, { availableQuantity: 0, minimumOrderQuantity: 1 })).id;
    const b = (await createProduct(app, { availableQuantity: 0, minimumOrderQuantity: 1 })).id;
    for (const [id, warehouse, quantity] of [
      [a, leeds, 4],
      [a, rotterdam, 4],
      [b, leeds, 5],
    ] as const)
      await call(admin, 'PUT', `/admin/stock/${id}`, { warehouse, quantity, reason: 'count' });
    for (const [id, quantity] of [
      [a, 6],
      [b, 2],
    ] as const)
      expect((await call(buyer, 'PUT', `/cart/lines/${id}`, { quantity })).statusCode).toBe(200);
    const placed = await call(buyer, 'POST', '/orders', {
      address: '1 Mill Rd',
      phone: '555 0100',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data._id as string;
    expect((await payWithSandbox(app, buyer, id)).statusCode).toBe(200);
    return { id, a, b };
  }

  it('shows what each warehouse must pick, and ships one shipment per warehouse', async () => {
    const order = await splitOrder();
    const seen = await call(buyer, 'GET', `/myPurchase/${order.id}`);
    const picks = seen.json().data.lines.map((l: { picks: unknown }) => l.picks);
    expect(picks).toEqual([
      [
        { warehouseId: leeds, warehouse: 'Leeds', quantity: 4, shipped: 0 },
        { warehouseId: rotterdam, warehouse: 'Rotterdam', quantity: 2, shipped: 0 },
      ],
      [{ warehouseId: leeds, warehouse: 'Leeds', quantity: 2, shipped: 0 }],
    ]);
    const body = {
      lines: [{ productId: order.a, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z1',
    };
    const unnamed = await call(admin, 'POST', `/manageOrder/${order.id}/shipments`, body);
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().message).toMatch(/^warehouse: .* 2 warehouses/);
    const tooMany = await call(admin, 'POST', `/manageOrder/${order.id}/shipments`, {
      ...body,
      lines: [{ productId: order.a, quantity: 3 }],
      warehouse: rotterdam,
    });
    expect(tooMany.statusCode).toBe(422);
    const fromLeeds = await call(admin, 'POST', `/manageOrder/${order.id}/shipments`, {
      ...body,
      lines: [
        { productId: order.a, quantity: 4 },
        { productId: order.b, quantity: 2 },
      ],
      warehouse: leeds,
    });
    expect(fromLeeds.statusCode, fromLeeds.body).toBe(200);
    expect(fromLeeds.json().data.warehouse).toBe('Leeds');
    // The spec's ship action ships the rest: from Rotterdam, the only warehouse with pieces left.
    const rest = await call(admin, 'PATCH', `/manageOrder/${order.id}`);
    expect(rest.statusCode, rest.body).toBe(200);
    const shipments = (await call(buyer, 'GET', `/orders/${order.id}/shipments`)).json().data;
    expect(
      shipments.map((s: { warehouse: string; lines: { quantity: number }[] }) => [
        s.warehouse,
        s.lines.map((l) => l.quantity),
      ]),
    ).toEqual([
      ['Leeds', [4, 2]],
      ['Rotterdam', [2]],
    ]);
  });

  it('ships the whole of a split order as two shipments from the ship action', async () => {
    const order = await splitOrder();
    expect((await call(admin, 'PATCH', `/manageOrder/${order.id}`)).statusCode).toBe(200);
    const shipments = (await call(buyer, 'GET', `/orders/${order.id}/shipments`)).json().data;
    // One transaction: both made at the same instant, so in no particular order.
    expect(shipments.map((s: { warehouse: string }) => s.warehouse).sort()).toEqual([
      'Leeds',
      'Rotterdam',
    ]);
    const [row] = (
      await app.db.execute(sql`select count(*)::int as n from order_line_allocations
        where order_id = ${order.id} and shipped <> quantity`)
    ).rows;
    expect(row?.n).toBe(0);
  });

  it('gives the unshipped rest back to the warehouse it lay in when cancelled', async () => {
    const order = await splitOrder();
    const shipped = await call(admin, 'POST', `/manageOrder/${order.id}/shipments`, {
      lines: [
        { productId: order.a, quantity: 4 },
        { productId: order.b, quantity: 1 },
      ],
      carrier: 'UPS',
      trackingNumber: '1Z2',
      warehouse: leeds,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const cancelled = await call(admin, 'DELETE', `/manageOrder/${order.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await levels(order.a)).toEqual([
      [leeds, 0],
      [rotterdam, 4],
    ]);
    expect(await levels(order.b)).toEqual([[leeds, 4]]);
  });
});
