import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCompanyFixture } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct, payWithSandbox } from '../../../test/order-helpers.ts';
import { rebuildSales } from '../sales/sales-rebuild.ts';
import { useShopTimeZone } from '../sales/shop-time-zone.ts';

/**
 * Issue 37: the sales dashboard nets a return's refund (here a credit note, with freight and a
 * restocking fee) on the day it was made, once, and a rebuild of the roll-ups counts it again
 * the same.
 */
describe('refunds of returns in the sales figures', async () => {
  const app = await buildTestApp();
  const f = await buildCompanyFixture(app);
  const call = (
    who: 'adminA' | 'shopAdmin',
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    body?: object,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: f.headersOf(who),
      ...(body ? { payload: body } : {}),
    });
  const today = new Date().toISOString().slice(0, 10);
  const dashboard = async () => {
    const res = await call('shopAdmin', 'GET', `/sales?from=${today}&to=${today}&interval=day`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const summary = async () => (await dashboard()).summary;
  /** A product's and the company admin's lines in the top lists (units, revenue in dollars). */
  const topOf = async (productId: string) => {
    const data = await dashboard();
    const product = data.topProducts.find((p: { productId: string }) => p.productId === productId);
    const customer = data.topCustomers.find((c: { userId: string }) => c.userId === f.ids.adminA);
    return {
      units: product?.units,
      revenue: product?.revenue,
      customer: customer?.revenue,
      orders: customer?.orders,
    };
  };

  it('nets the credit note on its day, once, and again after a rebuild', async () => {
    const part = await createProduct(app, {
      priceCents: 1000,
      minimumOrderQuantity: 1,
      availableQuantity: 50,
    });
    await call('adminA', 'PUT', `/cart/lines/${part.id}`, { quantity: 10 });
    const placed = await call('adminA', 'POST', '/orders', {
      address: '1 Mill Road, Springfield',
      phone: '555 0100',
      paymentTerms: 'account',
      poNumber: 'PO-SALES-1',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data._id as string;
    await app.db.execute(
      sql`update orders set freight_cents = 500, total_cents = total_cents + 500 where id = ${orderId}`,
    );
    await app.db.execute(
      sql`update companies set balance_cents = balance_cents + 500 where id = ${f.companyA}`,
    );
    // As checkout would have counted it: the freight charged on the day of the invoice.
    await app.db.execute(
      sql`update sales_days set freight_cents = freight_cents + 500
        where day = ${today}::date and shard = pp_sales_shard(${orderId}::uuid)`,
    );
    await call('shopAdmin', 'POST', `/manageOrder/${orderId}/shipments`, {
      lines: [{ productId: part.id, quantity: 10 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const before = await summary();
    const topBefore = await topOf(part.id);
    expect(topBefore).toMatchObject({ units: 10, revenue: 100 });
    const asked = await call('adminA', 'POST', `/orders/${orderId}/returns`, {
      lines: [{ productId: part.id, quantity: 2, reason: 'wrong_part' }],
    });
    const id = asked.json().data.id as string;
    await call('shopAdmin', 'POST', `/admin/returns/${id}/approve`);
    await call('shopAdmin', 'POST', `/admin/returns/${id}/receive`, {
      lines: [{ productId: part.id, quantity: 2, outcome: 'restock' }],
    });
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('shopAdmin', 'POST', `/admin/returns/${id}/refund`, {
          restockingFeePercent: 25,
          refundFreight: true,
        }),
      ),
    );
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const after = await summary();
    // Goods of $20 given back less the $5 fee kept; the $5 freight given back; one refund.
    expect(after.refunds).toBe(before.refunds + 1);
    expect(after.refunded).toBeCloseTo(before.refunded + 15, 2);
    expect(after.revenue).toBeCloseTo(before.revenue - 15, 2);
    expect(after.units).toBe(before.units - 2);
    expect(after.freight).toBeCloseTo(before.freight - 5, 2);
    // The top lists take the same $15 and 2 pieces off the part and its buyer (an order kept).
    const topAfter = await topOf(part.id);
    expect(topAfter).toEqual({
      units: 8,
      revenue: 85,
      customer: topBefore.customer - 15,
      orders: topBefore.orders,
    });

    // A change of zone rebuilds the roll-ups from the orders: the refund is counted again, once.
    expect(await useShopTimeZone(app.db, 'Etc/GMT-1')).toBe('UTC');
    await rebuildSales(app.db, 1);
    expect(await useShopTimeZone(app.db, 'UTC')).toBe('Etc/GMT-1');
    await rebuildSales(app.db, 1);
    const rebuilt = await summary();
    expect(rebuilt).toMatchObject({
      refunds: after.refunds,
      units: after.units,
    });
    expect(rebuilt.refunded).toBeCloseTo(after.refunded, 2);
    expect(rebuilt.freight).toBeCloseTo(after.freight, 2);
    expect(await topOf(part.id)).toEqual(topAfter);
  });

  it('a card refund of two parts splits the fee between them, to the cent, in the top lists', async () => {
    const parts = await Promise.all(
      [333, 1000].map((priceCents) =>
        createProduct(app, { priceCents, minimumOrderQuantity: 1, availableQuantity: 50 }),
      ),
    );
    for (const part of parts)
      await call('adminA', 'PUT', `/cart/lines/${part.id}`, { quantity: 5 });
    const placed = await call('adminA', 'POST', '/orders', {
      address: '1 Mill Road, Springfield',
      phone: '555 0100',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data._id as string;
    expect((await payWithSandbox(app, f.users.adminA, orderId)).statusCode).toBe(200);
    await call('shopAdmin', 'POST', `/manageOrder/${orderId}/shipments`, {
      lines: parts.map((part) => ({ productId: part.id, quantity: 5 })),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const [cheap, dear] = parts as [(typeof parts)[0], (typeof parts)[0]];
    const cheapBefore = await topOf(cheap.id);
    const dearBefore = await topOf(dear.id);
    const asked = await call('adminA', 'POST', `/orders/${orderId}/returns`, {
      lines: [
        { productId: cheap.id, quantity: 3, reason: 'not_needed' },
        { productId: dear.id, quantity: 1, reason: 'damaged' },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id as string;
    await call('shopAdmin', 'POST', `/admin/returns/${id}/approve`);
    await call('shopAdmin', 'POST', `/admin/returns/${id}/receive`, {
      lines: [
        { productId: cheap.id, quantity: 3, outcome: 'restock' },
        { productId: dear.id, quantity: 1, outcome: 'scrap' },
      ],
    });
    const refunded = await call('shopAdmin', 'POST', `/admin/returns/${id}/refund`, {
      restockingFeePercent: 15,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // Goods $9.99 + $10.00 and a fee of 15 %: $3.00 (299.85 cents, half up). Shares by goods,
    // rounded down: 149.92 → 149 and 150.08 → 150; the cent left goes to the larger remainder
    // (the $9.99 line's): 150 and 150.
    expect(await topOf(cheap.id)).toMatchObject({
      units: cheapBefore.units - 3,
      revenue: Number((cheapBefore.revenue - 8.49).toFixed(2)),
    });
    const dearAfter = await topOf(dear.id);
    expect(dearAfter).toMatchObject({
      units: dearBefore.units - 1,
      revenue: Number((dearBefore.revenue - 8.5).toFixed(2)),
    });
    expect(dearAfter.customer).toBeCloseTo(dearBefore.customer - 16.99, 2);
  });

  it('a core deposit given back is no refund of goods: revenue and units stay, and after a rebuild', async () => {
    const part = await createProduct(app, {
      priceCents: 18_999,
      minimumOrderQuantity: 1,
      availableQuantity: 50,
    });
    await call('shopAdmin', 'PATCH', `/tools/${part.id}`, { coreDeposit: 45.5 });
    await call('adminA', 'PUT', `/cart/lines/${part.id}`, { quantity: 3 });
    const placed = await call('adminA', 'POST', '/orders', {
      address: '1 Mill Road, Springfield',
      phone: '555 0100',
      paymentTerms: 'account',
      poNumber: 'PO-SALES-CORE',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.deposits).toBe(136.5);
    const orderId = placed.json().data._id as string;
    await call('shopAdmin', 'POST', `/manageOrder/${orderId}/shipments`, {
      lines: [{ productId: part.id, quantity: 3 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const before = await summary();
    const asked = await call('adminA', 'POST', `/orders/${orderId}/returns`, {
      lines: [{ productId: part.id, quantity: 2, reason: 'core_return' }],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id as string;
    await call('shopAdmin', 'POST', `/admin/returns/${id}/approve`);
    await call('shopAdmin', 'POST', `/admin/returns/${id}/receive`, {
      lines: [{ productId: part.id, quantity: 2, outcome: 'restock' }],
    });
    const credited = await call('shopAdmin', 'POST', `/admin/returns/${id}/refund`, {});
    expect(credited.statusCode, credited.body).toBe(200);
    const after = await summary();
    // One refund ($91.00 of deposits): no goods came back, none of the parts was unsold.
    expect(after.refunds).toBe(before.refunds + 1);
    expect(after.refunded).toBeCloseTo(before.refunded, 2);
    expect(after.revenue).toBeCloseTo(before.revenue, 2);
    expect(after.units).toBe(before.units);

    await rebuildSales(app.db, 1);
    expect(await summary()).toMatchObject({
      refunds: after.refunds,
      units: after.units,
      revenue: after.revenue,
    });
  });
});
