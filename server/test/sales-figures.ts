import { ORDER_STATUSES } from '@proper-parts/domain/constants';
import { addDays } from '@proper-parts/domain/days';
import { SALES_TOP, type SalesDashboard, type SalesInterval } from '@proper-parts/domain/sales';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/queryable.ts';
import { closeSalesDays } from '../src/features/sales/close-days.ts';
import type { TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { as } from './order-helpers.ts';

export type Figures = Omit<SalesDashboard, 'timeZone'>;
export type Num = number | string;

/**
 * The dashboard's figures computed again straight from the orders, their lines, payments and
 * invoices, without the roll-ups: a card order sells when its payment succeeded, an order on
 * account when it was invoiced; an invoiced order since cancelled is refunded on the day of its
 * cancel. Days are `zone`'s.
 */
export async function independentFigures(
  app: TestApp,
  zone: string,
  from: string,
  to: string,
  interval: SalesInterval,
): Promise<Figures> {
  const events = sql`events as (
    select o.id as order_id, o.user_id, false as refund,
      ((case o.payment_terms when 'card' then p.created_at else i.issued_at end)
        at time zone ${zone})::date as day
    from orders o join invoices i on i.order_id = o.id
    left join payments p on p.order_id = o.id and p.status = 'succeeded'
    union all
    select o.id, o.user_id, true, (o.updated_at at time zone ${zone})::date
    from orders o join invoices i on i.order_id = o.id
    where o.status = 'cancelled'
  )`;
  const inRange = sql`e.day between ${from}::date and ${to}::date`;
  const days = await rowsOf<Record<string, Num>>(
    app.db,
    sql`with ${events}
    select e.day::text as day,
      count(*) filter (where not e.refund) as orders,
      coalesce(sum(l.line_total_cents) filter (where not e.refund), 0) as gross,
      coalesce(sum(l.quantity) filter (where not e.refund), 0) as units,
      count(distinct e.order_id) filter (where e.refund) as refunds,
      coalesce(sum(l.line_total_cents) filter (where e.refund), 0) as refunded,
      coalesce(sum(l.quantity) filter (where e.refund), 0) as "refundedUnits"
    from events e join order_lines l on l.order_id = e.order_id
    where ${inRange}
    group by e.day`,
  );
  // A day's orders, tax and freight counted per order, not per line; refunds give theirs back.
  const orderCounts = await rowsOf<{ day: string; orders: Num; tax: Num; freight: Num }>(
    app.db,
    sql`with ${events} select e.day::text as day, count(*) filter (where not e.refund) as orders,
        sum(case when e.refund then -o.tax_cents else o.tax_cents end) as tax,
        sum(case when e.refund then -o.freight_cents else o.freight_cents end) as freight
      from events e join orders o on o.id = e.order_id
      where ${inRange} group by e.day`,
  );
  const products = await rowsOf<Record<string, Num | null>>(
    app.db,
    sql`with ${events}
    select l.product_id::text as id, p.sku, p.name, p.available_quantity as stock,
      p.brand_id::text as "brandId", b.name as brand,
      sum(case when e.refund then -l.quantity else l.quantity end) as units,
      sum(case when e.refund then -l.line_total_cents else l.line_total_cents end) as cents
    from events e join order_lines l on l.order_id = e.order_id
    join products p on p.id = l.product_id left join brands b on b.id = p.brand_id
    where ${inRange}
    group by l.product_id, p.sku, p.name, p.available_quantity, p.brand_id, b.name`,
  );
  const customers = await rowsOf<{
    userId: string;
    name: string;
    email: string;
    orders: Num;
    cents: Num;
  }>(
    app.db,
    sql`with ${events}
    select e.user_id as "userId", u.name, u.email,
      sum(case when e.refund then -1 else 1 end) as orders,
      sum(case when e.refund then -l.cents else l.cents end) as cents
    from events e join "user" u on u.id = e.user_id
    join (select order_id, sum(line_total_cents) as cents from order_lines group by order_id) l
      on l.order_id = e.order_id
    where ${inRange}
    group by e.user_id, u.name, u.email`,
  );
  const statuses = await rowsOf<{ status: string; orders: Num; total: Num }>(
    app.db,
    sql`select status, count(*) as orders, sum(total_cents) as total from orders
      where (created_at at time zone ${zone})::date between ${from}::date and ${to}::date
      group by status`,
  );

  const dayRow = (day: string) => days.find((d) => d.day === day);
  const empty = { gross: 0, refunded: 0, orders: 0, tax: 0, freight: 0 };
  const buckets = new Map<string, typeof empty>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const start = bucketOf(day, interval, from);
    const bucket = buckets.get(start) ?? { ...empty };
    const row = dayRow(day);
    const counts = orderCounts.find((c) => c.day === day);
    bucket.gross += Number(row?.gross ?? 0);
    bucket.refunded += Number(row?.refunded ?? 0);
    bucket.orders += Number(counts?.orders ?? 0);
    bucket.tax += Number(counts?.tax ?? 0);
    bucket.freight += Number(counts?.freight ?? 0);
    buckets.set(start, bucket);
  }
  const sum = (key: string) => days.reduce((total, d) => total + Number(d[key]), 0);
  const counted = (key: 'orders' | 'tax' | 'freight') =>
    orderCounts.reduce((total, c) => total + Number(c[key]), 0);
  const orders = counted('orders');
  const gross = sum('gross');
  const refunded = sum('refunded');
  const productRows = products.map((p) => ({
    id: String(p.id),
    sku: String(p.sku),
    name: String(p.name),
    stock: Number(p.stock),
    brandId: p.brandId === null ? null : String(p.brandId),
    brand: p.brand === null ? 'No brand' : String(p.brand),
    units: Number(p.units),
    cents: Number(p.cents),
  }));
  const brands = new Map<string | null, { units: number; cents: number; name: string }>();
  for (const p of productRows) {
    const brand = brands.get(p.brandId) ?? { units: 0, cents: 0, name: p.brand };
    brand.units += p.units;
    brand.cents += p.cents;
    brands.set(p.brandId, brand);
  }
  return {
    from,
    to,
    interval,
    summary: {
      revenue: (gross - refunded) / 100,
      orders,
      gross: gross / 100,
      refunds: sum('refunds'),
      refunded: refunded / 100,
      averageOrderValue: orders ? Math.round(gross / orders) / 100 : 0,
      units: sum('units') - sum('refundedUnits'),
      tax: counted('tax') / 100,
      freight: counted('freight') / 100,
    },
    revenue: [...buckets].map(([start, b]) => ({
      start,
      revenue: (b.gross - b.refunded) / 100,
      orders: b.orders,
      refunded: b.refunded / 100,
      tax: b.tax / 100,
      freight: b.freight / 100,
    })),
    statuses: ORDER_STATUSES.map((status) => {
      const row = statuses.find((s) => s.status === status);
      return { status, orders: Number(row?.orders ?? 0), total: Number(row?.total ?? 0) / 100 };
    }),
    topProducts: top(productRows, (p) => p.cents).map((p) => ({
      productId: p.id,
      sku: p.sku,
      name: p.name,
      units: p.units,
      revenue: p.cents / 100,
    })),
    topBrands: top(
      [...brands].map(([brandId, b]) => ({ id: brandId ?? 'z', brandId, ...b })),
      (b) => b.cents,
    ).map((b) => ({ brandId: b.brandId, name: b.name, units: b.units, revenue: b.cents / 100 })),
    topCustomers: top(
      customers.map((c) => ({ ...c, id: String(c.userId) })),
      (c) => Number(c.cents),
    ).map((c) => ({
      userId: c.id,
      name: c.name,
      email: c.email,
      orders: Number(c.orders),
      revenue: Number(c.cents) / 100,
    })),
    unitsAgainstStock: top(productRows, (p) => p.units).map((p) => ({
      productId: p.id,
      sku: p.sku,
      name: p.name,
      units: p.units,
      stock: p.stock,
    })),
  };
}

/** The first SALES_TOP rows by `rank` (above 0), ties by id, as the server orders them. */
function top<T extends { id: string }>(rows: T[], rank: (row: T) => number): T[] {
  return rows
    .filter((row) => rank(row) > 0)
    .sort((a, b) => rank(b) - rank(a) || (a.id < b.id ? -1 : 1))
    .slice(0, SALES_TOP);
}

/** The first day of `day`'s bucket (weeks from Monday), not before the range's first day. */
function bucketOf(day: string, interval: SalesInterval, from: string): string {
  let start = day;
  if (interval === 'month') start = `${day.slice(0, 8)}01`;
  if (interval === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    start = addDays(day, -weekday);
  }
  return start < from ? from : start;
}

/**
 * The sales dashboard as `admin` asks for it, and the check that its figures equal those computed
 * from the orders.
 */
export function salesDashboardClient(app: TestApp, admin: TestUser) {
  const dashboard = async (query: string, who: TestUser | null = admin) => {
    return app.inject({
      url: `/api/v1/sales?${query}`,
      headers: who ? as(who) : {},
    });
  };
  const figures = async (from: string, to: string, interval: SalesInterval = 'day') => {
    const res = await dashboard(`from=${from}&to=${to}&interval=${interval}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SalesDashboard;
  };
  const zoneNow = async () =>
    (
      await rowsOf<{ zone: string }>(
        app.db,
        sql`select value as zone from app_state where key = 'sales_time_zone'`,
      )
    )[0]?.zone ?? 'UTC';
  /**
   * The API's figures equal those computed from the orders, for every interval: as they are, and
   * again once every day that is over is closed (read from the running totals).
   */
  const expectIndependent = async (from: string, to: string) => {
    const zone = await zoneNow();
    const compare = async () => {
      for (const interval of ['day', 'week', 'month'] as const) {
        const { timeZone, ...api } = await figures(from, to, interval);
        expect(timeZone).toBe(zone);
        expect(api).toEqual(await independentFigures(app, zone, from, to, interval));
      }
    };
    await compare();
    if ((await closeSalesDays(app.db)) > 0) await compare();
  };
  const today = async () =>
    (
      await rowsOf<{ day: string }>(
        app.db,
        sql`select (now() at time zone ${await zoneNow()})::date::text as day`,
      )
    )[0]?.day as string;
  const closedThrough = async () =>
    (
      await rowsOf<{ day: string }>(
        app.db,
        sql`select value as day from app_state where key = 'sales_closed_through'`,
      )
    )[0]?.day ?? null;
  return { dashboard, figures, zoneNow, today, closedThrough, expectIndependent };
}
