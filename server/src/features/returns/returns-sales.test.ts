import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCompanyFixture } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';
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
  const summary = async () => {
    const res = await call('shopAdmin', 'GET', `/sales?from=${today}&to=${today}&interval=day`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.summary;
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
