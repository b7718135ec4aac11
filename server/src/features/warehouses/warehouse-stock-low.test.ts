import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct } from '../../../test/order-helpers.ts';
import { addWarehouse } from '../../../test/warehouse-helpers.ts';

/**
 * Issue 36: `stock.low` per warehouse. An order drawing from a warehouse, an admin's count or a
 * transfer out of it that takes its count from at or above its reorder point to below it records
 * the event, in the change's statement or transaction, once per crossing. PGlite, and PostgreSQL
 * with DATABASE_URL.
 */
describe('stock.low per warehouse', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: as(who), payload });
  const leeds = await addWarehouse(app, admin, 'Leeds', 'GB');
  const setCount = async (productId: string, quantity: number, reorderPoint?: number) => {
    const res = await call(admin, 'PUT', `/admin/stock/${productId}`, {
      warehouse: 'Leeds',
      quantity,
      reason: 'count',
      ...(reorderPoint === undefined ? {} : { reorderPoint }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const lowEvents = async (productId: string) =>
    (
      await app.db.execute(
        sql`select data from outbox_events
          where type = 'stock.low' and subject = ${`product:${productId}`} order by seq`,
      )
    ).rows.map((row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data));
  /** A part held only in Leeds: 10 pieces, reorder at 6; sold by the piece (its own line is 2). */
  async function leedsPart() {
    const part = await createProduct(app, { availableQuantity: 0, minimumOrderQuantity: 1 });
    await setCount(part.id, 10, 6);
    return part;
  }
  async function order(productId: string, quantity: number) {
    const buyer = await signUp(app);
    expect((await call(buyer, 'PUT', `/cart/lines/${productId}`, { quantity })).statusCode).toBe(
      200,
    );
    const placed = await call(buyer, 'POST', '/orders', {
      address: '1 Mill Rd',
      phone: '555 0100',
    });
    expect(placed.statusCode, placed.body).toBe(200);
  }
  const leedsAt = (quantity: number) => ({
    id: leeds,
    name: 'Leeds',
    quantity,
    reorderPoint: 6,
  });

  it('an order that takes a warehouse below its reorder point tells it once, with the warehouse', async () => {
    const part = await leedsPart();
    await order(part.id, 3); // 10 → 7: still at or above 6
    expect(await lowEvents(part.id)).toEqual([]);
    await order(part.id, 2); // 7 → 5: crosses
    await order(part.id, 1); // 5 → 4: already below
    expect(await lowEvents(part.id)).toEqual([
      { productId: part.id, sku: part.sku, available: 5, lowLine: 2, warehouse: leedsAt(5) },
    ]);
  });

  it("an admin's count and a transfer out tell it as an order does; a rise does not", async () => {
    const part = await leedsPart();
    await setCount(part.id, 8); // 10 → 8
    await setCount(part.id, 4); // 8 → 4: crosses
    await setCount(part.id, 12); // a rise
    const moved = await call(admin, 'POST', '/admin/stock/transfers', {
      productId: part.id,
      from: 'Leeds',
      to: 'Main',
      quantity: 7,
    }); // 12 → 5: crosses
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await lowEvents(part.id)).toEqual([
      { productId: part.id, sku: part.sku, available: 4, lowLine: 2, warehouse: leedsAt(4) },
      { productId: part.id, sku: part.sku, available: 12, lowLine: 2, warehouse: leedsAt(5) },
    ]);
  });

  it('a warehouse without a reorder point never tells it; a refused change tells nothing', async () => {
    const part = await createProduct(app, { availableQuantity: 0, minimumOrderQuantity: 1 });
    await setCount(part.id, 10);
    await setCount(part.id, 3);
    const refused = await call(admin, 'POST', '/admin/stock/transfers', {
      productId: part.id,
      from: 'Leeds',
      to: 'Main',
      quantity: 50,
    });
    expect(refused.statusCode).toBe(409);
    expect(await lowEvents(part.id)).toEqual([]);
  });
});
