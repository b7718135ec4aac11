import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '@proper-parts/domain/days';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createAccountInvoice } from '../../../test/account-helpers.ts';
import { signUp } from '../../../test/auth-helper.ts';
import { buildCompanyFixture } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct, payWithSandbox, placeOrder } from '../../../test/order-helpers.ts';
import { salesDashboardClient } from '../../../test/sales-figures.ts';
import { buildApp } from '../../app.ts';
import { rowsOf } from '../../db/queryable.ts';
import { closeSalesDays } from './close-days.ts';
import { rebuildSales, rebuildSalesStep, salesRebuildProgress } from './sales-rebuild.ts';
import { useShopTimeZone } from './shop-time-zone.ts';

/**
 * Decision 028: a change of SHOP_TIME_ZONE stores the zone and empties the roll-ups in one short
 * transaction; the orders are then counted again a step (a transaction) at a time, by every
 * server's sweep, while orders and invoices are written as usual. The dashboard answers 409 with
 * the rebuild's progress until it is over, then the figures of the orders in the new zone.
 * The app's periodic sweeps are held (a fake setInterval): these tests take the steps themselves.
 */
describe('sales roll-ups rebuilt after a change of SHOP_TIME_ZONE', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const app = await buildTestApp();
  vi.useRealTimers();
  const f = await buildCompanyFixture(app);
  const customer = await signUp(app, { name: 'Cy Customer' });
  const { dashboard, figures, zoneNow, today, closedThrough, expectIndependent } =
    salesDashboardClient(app, f.users.shopAdmin);
  const invoice = (issuedAt: string, totalCents: number, userId = f.ids.adminA) =>
    createAccountInvoice(app, { companyId: f.companyA, userId, totalCents, issuedAt });
  const revenueOf = async (day: string) => (await figures(day, day)).summary.revenue;
  const progress = () => salesRebuildProgress(app.db);

  // Each side of midnight in Chicago (UTC-5 from 8 March 2026) and Kolkata (UTC+5:30).
  const lastSecondInKolkata = await invoice('2026-03-09T18:29:59Z', 1_000);
  await invoice('2026-03-09T18:30:00Z', 2_000);
  const lateUtc = await invoice('2026-03-09T23:30:00Z', 4_000);
  await invoice('2026-03-10T04:59:59Z', 8_000);
  await invoice('2026-03-10T05:00:00Z', 16_000);
  await invoice('2026-02-20T12:00:00Z', 32_000);
  // Refunded at 23:30 UTC on the last day of March: 1 April in Kolkata.
  await app.db.execute(
    sql`update orders set status = 'cancelled', updated_at = '2026-03-31T23:30:00Z' where id = ${lateUtc}`,
  );
  // Today, through the routes: one paid by card, one left unpaid.
  const part = await createProduct(app, {
    priceCents: 1_250,
    minimumOrderQuantity: 1,
    availableQuantity: 100,
  });
  expect(
    (
      await payWithSandbox(
        app,
        customer,
        await placeOrder(app, customer, { toolId: part.id, quantity: 2 }),
      )
    ).statusCode,
  ).toBe(200);
  await placeOrder(app, customer, { toolId: part.id, quantity: 1 });
  const orders = Number(
    (await rowsOf<{ n: string }>(app.db, sql`select count(*) as n from orders`))[0]?.n,
  );

  it('switches in one short transaction, then answers 409 with how far the rebuild has gone, closing no day', async () => {
    await closeSalesDays(app.db);
    expect(await closedThrough()).not.toBeNull();
    expect(await useShopTimeZone(app.db, 'America/Chicago')).toBe('UTC');
    expect(await zoneNow()).toBe('America/Chicago');
    expect(await closedThrough()).toBeNull();
    // Days from the first order's (20 February in Chicago) through today.
    const ofDays =
      (Date.parse(`${await today()}T00:00:00Z`) - Date.parse('2026-02-20T00:00:00Z')) / 86_400_000 +
      1;
    expect(await progress()).toEqual({ zone: 'America/Chicago', days: 0, ofDays, orders: 0 });
    const rebuilding = await dashboard('from=2026-03-01&to=2026-03-31');
    expect(rebuilding.statusCode).toBe(409);
    expect(rebuilding.json()).toEqual({
      success: false,
      message: `The sales figures are being rebuilt for the new time zone, America/Chicago (0 of ${ofDays.toLocaleString('en-US')} days). They will be back in a few minutes.`,
    });

    // The first two orders by the time they were placed: 20 February, and 9 March in Chicago.
    expect(await rebuildSalesStep(app.db, 2)).toBe(2);
    expect(await progress()).toEqual({
      zone: 'America/Chicago',
      days: 18,
      ofDays,
      orders: 2,
    });
    expect((await dashboard('from=2026-03-01&to=2026-03-31')).json().message).toMatch(
      `(18 of ${ofDays.toLocaleString('en-US')} days)`,
    );
    expect(await closeSalesDays(app.db)).toBe(0);

    expect(await rebuildSales(app.db, 3)).toBe(orders - 2);
    expect(await progress()).toBeNull();
    expect(await rebuildSalesStep(app.db, 2_000)).toBeNull();
    // 23:30 UTC, 04:59:59 UTC and both Kolkata midnights were still 9 March in Chicago.
    expect(await revenueOf('2026-03-09')).toBe(150);
    expect(await revenueOf('2026-03-10')).toBe(160);
    expect((await figures('2026-03-31', '2026-03-31')).summary.refunded).toBe(40);
    await expectIndependent('2026-02-01', '2026-04-30');
    await expectIndependent(addDays(await today(), -30), await today());
  });

  it('lets orders and invoices commit while the rebuild runs, and counts each once', async () => {
    expect(await useShopTimeZone(app.db, 'Asia/Kolkata')).toBe('America/Chicago');
    // Past the first three orders: 20 February, 18:29:59 and 18:30 UTC on 9 March.
    expect(await rebuildSalesStep(app.db, 3)).toBe(3);
    const underWay = async () => expect((await progress())?.orders).toBe(3);

    // A new order, paid by card: its sale is left to the rebuild.
    const paid = await placeOrder(app, customer, { toolId: part.id, quantity: 4 });
    expect((await payWithSandbox(app, customer, paid)).statusCode).toBe(200);
    await underWay();
    // An order placed before the rebuild's progress (a long transaction's): counted by the trigger.
    await invoice('2026-03-09T18:29:00Z', 64_000, f.ids.buyerA);
    await underWay();
    // A refund of an order the rebuild has counted, on 1 April in Kolkata, and of one it has not.
    await app.db.execute(
      sql`update orders set status = 'cancelled', updated_at = '2026-04-01T18:29:59Z'
        where id = ${lastSecondInKolkata}`,
    );
    await app.db.execute(
      sql`update orders set updated_at = '2026-04-02T00:00:00Z' where id = ${lateUtc}`,
    );
    await underWay();
    expect((await dashboard('from=2026-03-01&to=2026-03-31')).statusCode).toBe(409);

    await rebuildSales(app.db, 3);
    expect(await progress()).toBeNull();
    // Kolkata: 18:29:00 and 18:29:59 UTC on 9 March, then 10 March from 18:30 UTC on.
    expect(await revenueOf('2026-03-09')).toBe(650);
    expect(await revenueOf('2026-03-10')).toBe(300);
    expect((await figures('2026-04-01', '2026-04-01')).summary.refunded).toBe(10);
    expect((await figures('2026-04-02', '2026-04-02')).summary.refunded).toBe(40);
    await expectIndependent('2026-02-01', '2026-04-30');
    await expectIndependent(addDays(await today(), -7), await today());
  });

  it('resumes after a restart where the last step stopped; a step cut off counts nothing', async () => {
    expect(await useShopTimeZone(app.db, 'America/Chicago')).toBe('Asia/Kolkata');
    expect(await rebuildSalesStep(app.db, 2)).toBe(2);
    // The process dies in the middle of a step: its transaction is rolled back.
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`select pp_sales_rebuild_step(3)`);
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect((await progress())?.orders).toBe(2);
    // A sale meanwhile, then a second server starts on the same database: its sweep, when ready,
    // carries the rebuild on to its end.
    await invoice('2026-03-10T04:59:58Z', 128_000);
    const uploadsDir = mkdtempSync(join(tmpdir(), 'pp-test-uploads-'));
    const restarted = await buildApp({
      config: { ...app.config, SHOP_TIME_ZONE: 'America/Chicago' },
      db: app.db,
      dbKind: app.dbKind,
      logger: false,
      uploadsDir,
    });
    try {
      await restarted.ready();
      await vi.waitFor(async () => expect(await progress()).toBeNull(), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      await restarted.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    }
    expect(await revenueOf('2026-03-09')).toBe(150 + 640 + 1_280);
    await expectIndependent('2026-02-01', '2026-04-30');
    await expectIndependent(addDays(await today(), -7), await today());
    expect(await useShopTimeZone(app.db, 'America/Chicago')).toBeNull();
  });

  it('counts each sale once when sales commit while two servers take steps at once', async () => {
    expect(await useShopTimeZone(app.db, 'Asia/Kolkata')).toBe('America/Chicago');
    const placed = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        placeOrder(app, customer, { toolId: part.id, quantity: 1 + i }),
      ),
    );
    const [, , ...paid] = await Promise.all([
      rebuildSales(app.db, 1),
      rebuildSales(app.db, 1),
      ...placed.map((orderId) => payWithSandbox(app, customer, orderId)),
    ]);
    expect(paid.map((res) => res.statusCode)).toEqual(placed.map(() => 200));
    await rebuildSales(app.db, 1);
    expect(await progress()).toBeNull();
    await expectIndependent(addDays(await today(), -7), await today());
    await expectIndependent('2026-02-01', '2026-04-30');
  });

  it('starts over in the newest zone when the zone changes again during a rebuild', async () => {
    expect(await useShopTimeZone(app.db, 'America/Chicago')).toBe('Asia/Kolkata');
    expect(await rebuildSalesStep(app.db, 4)).toBe(4);
    expect(await useShopTimeZone(app.db, 'UTC')).toBe('America/Chicago');
    expect((await progress())?.orders).toBe(0);
    await rebuildSales(app.db, 3);
    expect((await figures('2026-03-09', '2026-03-10')).timeZone).toBe('UTC');
    await expectIndependent('2026-02-01', '2026-04-30');
  });
});
