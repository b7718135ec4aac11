import { addDays } from '@proper-parts/domain/days';
import { type SalesDashboard, salesMessages } from '@proper-parts/domain/sales';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccountInvoice } from '../../../test/account-helpers.ts';
import { signUp, type TestUser } from '../../../test/auth-helper.ts';
import { buildCompanyFixture } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import {
  as,
  confirmWithSandbox,
  createProduct,
  payWithSandbox,
  placeOrder,
} from '../../../test/order-helpers.ts';
import { type Num, salesDashboardClient } from '../../../test/sales-figures.ts';
import { rowsOf } from '../../db/queryable.ts';
import { closeSalesDays } from './close-days.ts';
import { rangeParts } from './sales-range.ts';
import { rebuildSales } from './sales-rebuild.ts';
import { useShopTimeZone } from './shop-time-zone.ts';
import { foldStatusChanges } from './status-fold.ts';

describe('sales dashboard', async () => {
  const app = await buildTestApp();
  const f = await buildCompanyFixture(app);
  const admin = f.users.shopAdmin;
  const customerA = await signUp(app, { name: 'Alma Customer' });
  const customerB = await signUp(app, { name: 'Bo Customer' });
  const brandIds = await rowsOf<{ id: string }>(
    app.db,
    sql`insert into brands (name, slug) values ('Acme', 'acme'), ('Bolt', 'bolt') returning id`,
  );
  const [acme, bolt] = brandIds.map((b) => b.id);
  const product = (priceCents: number, brandId: string | null) =>
    createProduct(app, { priceCents, brandId, minimumOrderQuantity: 1, availableQuantity: 1000 });
  const p1 = await product(2000, acme ?? null);
  const p2 = await product(750, bolt ?? null);
  const p3 = await product(300, null);

  const { dashboard, figures, zoneNow, today, closedThrough, expectIndependent } =
    salesDashboardClient(app, admin);
  const checkout = async (who: TestUser, lines: [string, number][]) => {
    for (const [productId, quantity] of lines) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/v1/cart/lines/${productId}`,
        headers: as(who),
        payload: { quantity },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(who),
      payload: {
        address: '1 Mill Road',
        phone: '555 0100',
        paymentTerms: 'account',
        poNumber: `PO-${Date.now()}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { _id: string; status: string };
  };
  const approval = (orderId: string, verb: 'approve' | 'reject') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/company/approvals/${orderId}/${verb}`,
      headers: as(f.users.approverA),
      payload: verb === 'reject' ? { reason: 'Not this month' } : {},
    });

  let shippedOrder = '';
  it('counts what the routes did: card payments, a ship, on account, approvals; not unpaid, cancelled or refunded ones', async () => {
    // Paid by card: sales. B's is shipped afterwards (still a sale).
    const paidA = await placeOrder(app, customerA, { toolId: p1.id, quantity: 10 });
    expect((await payWithSandbox(app, customerA, paidA)).statusCode).toBe(200);
    shippedOrder = await placeOrder(app, customerB, { toolId: p2.id, quantity: 40 });
    expect((await payWithSandbox(app, customerB, shippedOrder)).statusCode).toBe(200);
    const ship = await app.inject({
      method: 'PATCH',
      url: `/api/v1/manageOrder/${shippedOrder}`,
      headers: as(admin),
    });
    expect(ship.statusCode, ship.body).toBe(200);
    // Cancelled before paying, and one left unpaid: no sale.
    const cancelled = await placeOrder(app, customerA, { toolId: p3.id, quantity: 5 });
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/myPurchase/${cancelled}`,
      headers: as(customerA),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await placeOrder(app, customerB, { toolId: p1.id, quantity: 3 });
    // Charged while it was being cancelled: the card is refunded, no sale.
    const raced = await placeOrder(app, customerA, { toolId: p2.id, quantity: 2 });
    const charged = await confirmWithSandbox(app, customerA, raced);
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/myPurchase/${raced}`,
      headers: as(customerA),
    });
    const late = await app.inject({
      method: 'PATCH',
      url: `/api/v1/myPurchase/${raced}`,
      headers: as(customerA),
      payload: { transactionId: charged },
    });
    expect(late.statusCode).toBe(409);
    // On account: invoiced when placed; above the buyer's limit, when approved; rejected: none.
    expect((await checkout(f.users.adminA, [[p3.id, 10]])).status).toBe('pending');
    const approved = await checkout(f.users.buyerA, [[p1.id, 6]]);
    expect(approved.status).toBe('awaiting_approval');
    expect((await approval(approved._id, 'approve')).statusCode).toBe(200);
    const rejected = await checkout(f.users.buyerA, [[p2.id, 20]]);
    expect((await approval(rejected._id, 'reject')).statusCode).toBe(200);

    const day = await today();
    const data = await figures(day, day);
    expect(data.timeZone).toBe('UTC');
    // $200 + $300 by card, $30 + $120 on account.
    expect(data.summary).toEqual({
      revenue: 650,
      orders: 4,
      gross: 650,
      refunds: 0,
      refunded: 0,
      averageOrderValue: 162.5,
      units: 66,
      tax: 0,
      freight: 0,
    });
    expect(data.revenue).toEqual([
      { start: day, revenue: 650, orders: 4, refunded: 0, tax: 0, freight: 0 },
    ]);
    expect(data.statuses).toEqual([
      { status: 'awaiting_approval', orders: 0, total: 0 },
      { status: 'awaiting_freight', orders: 0, total: 0 },
      { status: 'unpaid', orders: 1, total: 60 },
      { status: 'pending', orders: 3, total: 350 },
      { status: 'partially_shipped', orders: 0, total: 0 },
      { status: 'shipped', orders: 1, total: 300 },
      { status: 'cancelled', orders: 3, total: 180 },
    ]);
    expect(data.topProducts.map((p) => [p.productId, p.units, p.revenue])).toEqual([
      [p1.id, 16, 320],
      [p2.id, 40, 300],
      [p3.id, 10, 30],
    ]);
    expect(data.topBrands.map((b) => [b.name, b.revenue])).toEqual([
      ['Acme', 320],
      ['Bolt', 300],
      ['No brand', 30],
    ]);
    expect(data.topCustomers.map((c) => [c.email, c.orders, c.revenue])).toEqual([
      [customerB.email, 1, 300],
      [customerA.email, 1, 200],
      [f.users.buyerA.email, 1, 120],
      [f.users.adminA.email, 1, 30],
    ]);
    // Stock now: 1000 less what paid, unpaid and on-account orders hold (cancels gave theirs back).
    expect(data.unitsAgainstStock.map((p) => [p.productId, p.units, p.stock])).toEqual([
      [p2.id, 40, 960],
      [p1.id, 16, 981],
      [p3.id, 10, 990],
    ]);
    await expectIndependent(day, day);
    await expectIndependent(addDays(day, -40), day);
  });

  it('a refund of an invoiced order is subtracted on its own day; the day it sold keeps the sale', async () => {
    const day = await today();
    const tomorrow = addDays(day, 1);
    // No route cancels an invoiced order yet; a refund route will write just this.
    await app.db.execute(
      sql`update orders set status = 'cancelled', updated_at = now() + interval '1 day'
        where id = ${shippedOrder}`,
    );
    expect((await figures(day, day)).summary).toMatchObject({
      revenue: 650,
      gross: 650,
      refunds: 0,
    });
    expect((await figures(tomorrow, tomorrow)).summary).toEqual({
      revenue: -300,
      orders: 0,
      gross: 0,
      refunds: 1,
      refunded: 300,
      averageOrderValue: 0,
      units: -40,
      tax: 0,
      freight: 0,
    });
    const both = await figures(day, tomorrow);
    expect(both.summary).toMatchObject({ revenue: 350, orders: 4, refunds: 1, units: 26 });
    expect(both.revenue).toEqual([
      { start: day, revenue: 650, orders: 4, refunded: 0, tax: 0, freight: 0 },
      { start: tomorrow, revenue: -300, orders: 0, refunded: 300, tax: 0, freight: 0 },
    ]);
    // Orders by status follow the day it was placed.
    expect(both.statuses.find((s) => s.status === 'cancelled')).toEqual({
      status: 'cancelled',
      orders: 4,
      total: 480,
    });
    expect(both.topCustomers.map((c) => c.email)).not.toContain(customerB.email);
    await expectIndependent(day, tomorrow);
  });

  it("counts a day in the shop's time zone: 23:30 and 00:30 UTC, moved by SHOP_TIME_ZONE", async () => {
    const invoice = (issuedAt: string, totalCents: number) =>
      createAccountInvoice(app, {
        companyId: f.companyA,
        userId: f.ids.adminA,
        totalCents,
        issuedAt,
      });
    const late = await invoice('2026-03-09T23:30:00Z', 10_000);
    await invoice('2026-03-10T00:30:00Z', 20_000);
    // Ragged days around the month rows, for the long range below.
    await invoice('2026-02-20T12:00:00Z', 4_000);
    await invoice('2026-04-10T12:00:00Z', 8_000);
    // Cancelled at 23:30 UTC on the last day of March: refunded that day, or on 1 April east of UTC.
    await app.db.execute(
      sql`update orders set status = 'cancelled', updated_at = '2026-03-31T23:30:00Z' where id = ${late}`,
    );
    const revenueOf = async (day: string) => (await figures(day, day)).summary.revenue;

    expect(await revenueOf('2026-03-09')).toBe(100);
    expect(await revenueOf('2026-03-10')).toBe(200);
    expect((await figures('2026-03-31', '2026-03-31')).summary.refunded).toBe(100);
    await expectIndependent('2026-03-01', '2026-03-31');

    // Chicago (UTC-5 in March, after 8 March): both were placed on 9 March.
    expect(await useShopTimeZone(app.db, 'America/Chicago')).toBe('UTC');
    // Counted again in the background (the sales sweep); no figures meanwhile.
    const meanwhile = await dashboard('from=2026-03-09&to=2026-03-09');
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toMatch(
      /being rebuilt for the new time zone, America\/Chicago/,
    );
    await rebuildSales(app.db, 5);
    expect(await revenueOf('2026-03-09')).toBe(300);
    expect(await revenueOf('2026-03-10')).toBe(0);
    expect((await figures('2026-03-09', '2026-03-09')).statuses).toContainEqual({
      status: 'pending',
      orders: 1,
      total: 200,
    });
    await expectIndependent('2026-03-01', '2026-03-31');

    // Kolkata (UTC+5:30): both on 10 March; the refund on 1 April, out of March.
    expect(await useShopTimeZone(app.db, 'Asia/Kolkata')).toBe('America/Chicago');
    await rebuildSales(app.db, 5);
    expect(await revenueOf('2026-03-09')).toBe(0);
    expect(await revenueOf('2026-03-10')).toBe(300);
    const march = await figures('2026-03-01', '2026-03-31', 'month');
    expect(march.summary).toMatchObject({ gross: 300, refunds: 0 });
    expect((await figures('2026-04-01', '2026-04-01')).summary.refunded).toBe(100);
    await expectIndependent('2026-03-01', '2026-03-31');
    await expectIndependent('2026-02-15', '2026-04-14');
    expect(await useShopTimeZone(app.db, 'Asia/Kolkata')).toBeNull();
  });

  it('over any range: closed days from two running totals, the days after them from day rows', async () => {
    expect(rangeParts('2026-03-02', '2026-03-31', null)).toEqual({
      through: null,
      before: null,
      days: { first: '2026-03-02', last: '2026-03-31' },
    });
    // Closed through 20 March: totals through the 20th less those through 1 March, and 21–31 March.
    expect(rangeParts('2026-03-02', '2026-03-31', '2026-03-20')).toEqual({
      through: '2026-03-20',
      before: '2026-03-01',
      days: { first: '2026-03-21', last: '2026-03-31' },
    });
    expect(rangeParts('2026-01-01', '2026-03-31', '2026-06-30')).toEqual({
      through: '2026-03-31',
      before: '2025-12-31',
      days: null,
    });
    // Nothing closed inside the range: its day rows only.
    expect(rangeParts('2026-03-02', '2026-03-31', '2026-03-01')).toEqual({
      through: null,
      before: null,
      days: { first: '2026-03-02', last: '2026-03-31' },
    });
    const day = await today();
    await expectIndependent(addDays(day, -1095), day);
    await expectIndependent('2026-01-05', addDays(day, 30));
    expect(await closedThrough()).toBe(addDays(day, -1));
  });

  it('counts a sale on a day already closed (a commit just after midnight) in its totals and every later one', async () => {
    const day = await today();
    const yesterday = addDays(day, -1);
    await closeSalesDays(app.db);
    expect(await closedThrough()).toBe(yesterday);
    const before = await figures(yesterday, yesterday);
    // Issued a second before midnight, committed after the day was closed; and one long before the
    // first day with sales (a moved invoice), of parts and a buyer with no totals yet.
    await createAccountInvoice(app, {
      companyId: f.companyA,
      userId: f.ids.adminA,
      totalCents: 1_234,
      issuedAt: `${yesterday} 23:59:59 ${await zoneNow()}`,
    });
    await createAccountInvoice(app, {
      companyId: f.companyA,
      userId: f.ids.buyerA,
      totalCents: 5_678,
      issuedAt: '2025-01-15T12:00:00Z',
    });
    expect(await closedThrough()).toBe(yesterday);
    const after = await figures(yesterday, yesterday);
    expect(Math.round((after.summary.revenue - before.summary.revenue) * 100)).toBe(1_234);
    expect(after.topProducts.map((p) => p.revenue)).toContain(12.34);
    await expectIndependent(yesterday, yesterday);
    await expectIndependent(addDays(yesterday, -30), day);
    await expectIndependent('2025-01-01', '2025-01-31');
    await expectIndependent('2025-01-16', day);
    await expectIndependent('2024-12-01', day);
  });

  it('counts sales of the same parts paid at once each once (no lost update, no deadlock)', async () => {
    const day = await today();
    const before = (await figures(day, day)).summary;
    const buyers = [customerA, customerB, f.users.outsider];
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        placeOrder(app, buyers[i % 3] as TestUser, {
          toolId: [p1, p2, p3][i % 3]?.id,
          quantity: 1 + i,
        }),
      ),
    );
    const paid = await Promise.all(
      placed.map((orderId, i) => payWithSandbox(app, buyers[i % 3] as TestUser, orderId)),
    );
    expect(paid.map((res) => res.statusCode)).toEqual(placed.map(() => 200));
    // Quantities 1..12 of $20.00, $7.50, $3.00 in turn.
    const cents = placed.reduce((sum, _, i) => sum + (1 + i) * [2000, 750, 300][i % 3]!, 0);
    const after = (await figures(day, day)).summary;
    expect(after.orders - before.orders).toBe(12);
    expect(Math.round((after.gross - before.gross) * 100)).toBe(cents);
    expect(after.units - before.units).toBe(78);
    await expectIndependent(day, day);
  });

  it('keeps the roll-ups equal to a rebuild from the orders', async () => {
    const snapshot = async () =>
      rowsOf<{ t: string; k: string; s: string; v: string }>(
        app.db,
        sql`select 'days' as t, day::text as k, shard::text as s, orders::text || '/' || gross_cents
            || '/' || units || '/' || refunds || '/' || refunded_cents || '/' || refunded_units
            || '/' || tax_cents || '/' || freight_cents || '/' || refunded_tax_cents
            || '/' || refunded_freight_cents as v
          from sales_days where (orders, gross_cents, units, refunds, refunded_cents, refunded_units,
            tax_cents, freight_cents, refunded_tax_cents, refunded_freight_cents)
            <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
          union all
          select 'products', period::text, product_id::text, units || '/' || revenue_cents
          from sales_products where (units, revenue_cents) <> (0, 0)
          union all
          select 'customers', period::text, user_id, orders || '/' || revenue_cents
          from sales_customers where (orders, revenue_cents) <> (0, 0)
          union all
          select 'product totals', day::text, product_id::text, units || '/' || revenue_cents
          from sales_product_totals
          union all
          select 'customer totals', day::text, user_id, orders || '/' || revenue_cents
          from sales_customer_totals
          union all
          select 'closed', value, '', '' from app_state where key = 'sales_closed_through'
          union all
          select 'statuses', day || status, '', sum(orders) || '/' || sum(total_cents)
          from (select day, status, orders, total_cents from order_status_days
            union all select day, status, orders, total_cents from order_status_deltas) counted
          group by day, status having (sum(orders), sum(total_cents)) <> (0, 0)
          order by 1, 2, 3`,
      );
    await closeSalesDays(app.db);
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(20);
    expect(kept.filter((row) => row.t === 'product totals').length).toBeGreaterThan(100);
    // The rebuild leaves every day open; counting the orders again, then closing the days, makes
    // the same rows as the triggers kept through the late sales above.
    await app.db.execute(sql`select pp_sales_rebuild()`);
    expect(await closedThrough()).toBeNull();
    expect(await closeSalesDays(app.db)).toBe(0);
    expect(await rebuildSales(app.db, 5)).toBeGreaterThan(20);
    await closeSalesDays(app.db);
    expect(await snapshot()).toEqual(kept);
  });

  it('counts an order by status at once, and the same once its change is folded in', async () => {
    const day = await today();
    const before = await figures(day, day);
    for (let i = 0; i < 3; i++) await placeOrder(app, customerB, { toolId: p3.id, quantity: 1 });
    const placed = await figures(day, day);
    const placedOrders = (data: SalesDashboard) =>
      data.statuses.reduce((sum, status) => sum + status.orders, 0);
    expect(placedOrders(placed) - placedOrders(before)).toBe(3);
    await foldStatusChanges(app.db);
    const left = await rowsOf<{ n: string }>(
      app.db,
      sql`select count(*) as n from order_status_deltas`,
    );
    expect(Number(left[0]?.n)).toBe(0);
    expect((await figures(day, day)).statuses).toEqual(placed.statuses);
    await expectIndependent(day, day);
  });

  it('folds every change exactly once when many servers fold at once', async () => {
    // 1,000 changes of a day no order has, as the trigger appends them; five folds at once (and
    // the app's own periodic fold, whenever it runs).
    await app.db.execute(
      sql`insert into order_status_deltas (day, status, orders, total_cents)
        select '2001-02-03', case when i % 4 = 0 then 'shipped' else 'unpaid' end, 1, i
        from generate_series(1, 1000) as i`,
    );
    await Promise.all(Array.from({ length: 5 }, () => foldStatusChanges(app.db)));
    const counted = await rowsOf<{ status: string; orders: Num; total: Num }>(
      app.db,
      sql`select status, sum(orders) as orders, sum(total_cents) as total from order_status_days
        where day = '2001-02-03' group by status order by status`,
    );
    // Shipped: the 250 multiples of 4 (4 + 8 + … + 1000); unpaid: the other 750 of 1 + … + 1000.
    const shippedCents = ((4 + 1000) * 250) / 2;
    expect(counted.map((row) => [row.status, Number(row.orders), Number(row.total)])).toEqual([
      ['shipped', 250, shippedCents],
      ['unpaid', 750, 500_500 - shippedCents],
    ]);
    await app.db.execute(sql`delete from order_status_days where day = '2001-02-03'`);
  });

  it('is for admins: 401 for a visitor, 403 for a customer', async () => {
    const query = 'from=2026-01-01&to=2026-01-31';
    expect((await dashboard(query, null)).statusCode).toBe(401);
    expect((await dashboard(query, customerA)).statusCode).toBe(403);
    expect((await dashboard(query, f.users.adminA)).statusCode).toBe(403);
  });

  it('refuses junk ranges with 400 and a message', async () => {
    const refused = async (query: string, message: RegExp | string) => {
      const res = await dashboard(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    };
    await refused('from=2026-03-10&to=2026-03-09', salesMessages.fromAfterTo);
    await refused('from=2023-01-01&to=2026-01-01', salesMessages.tooLong);
    await refused('from=2026-02-30&to=2026-03-01', /real date/);
    await refused('from=2026-1-1&to=2026-03-01', /YYYY-MM-DD/);
    await refused('from=2026-01-01', /to/);
    await refused('from=2026-01-01&to=2026-01-02&interval=year', salesMessages.badInterval);
    await refused('from=2026-01-01&to=2026-01-02&limit=5', /limit|unrecognized/i);
    await refused(`from=${'9'.repeat(5000)}&to=2026-01-02`, /date/);
    // Three years exactly (a leap day included) is allowed.
    expect((await dashboard('from=2026-01-01&to=2028-12-31&interval=month')).statusCode).toBe(200);
  });
});
