import { ORDER_STATUSES, type OrderStatus } from '@proper-parts/domain/constants';
import { addDays } from '@proper-parts/domain/days';
import {
  SALES_TOP,
  type SalesDashboard,
  type SalesQuery,
  salesMessages,
} from '@proper-parts/domain/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { salesRebuildProgress } from './sales-rebuild.ts';
import { storedZone } from './shop-time-zone.ts';

/**
 * The dashboard's figures, read from the roll-ups the triggers keep (migration 0014, decision
 * 024, 027), in the days of the zone they were counted in, never from the orders: the top lists read
 * two rows of running totals a product or customer and the days not closed yet, whatever the range
 * and the number of orders.
 */
export async function salesDashboardOf(db: Database, query: SalesQuery): Promise<SalesDashboard> {
  const timeZone = await wholeRollUpsZone(db);
  const parts = rangeParts(query.from, query.to, await closedThrough(db));
  const [series, statuses, products, customers] = await Promise.all([
    revenueSeries(db, query),
    statusCounts(db, query),
    productFigures(db, parts),
    topCustomers(db, parts),
  ]);
  // A rebuild started while they were read would have emptied the rows some of them read.
  if ((await wholeRollUpsZone(db)) !== timeZone)
    throw new AppError('CONFLICT', salesMessages.zoneChanged);
  const total = (pick: (bucket: SeriesRow) => number | string) =>
    series.reduce((sum, bucket) => sum + Number(pick(bucket)), 0);
  const orders = total((b) => b.orders);
  const gross = total((b) => b.gross);
  const refunded = total((b) => b.refunded);
  const listed = (kind: ProductFigure['kind']) => products.filter((p) => p.kind === kind);
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    timeZone,
    summary: {
      revenue: dollars(gross - refunded),
      orders,
      gross: dollars(gross),
      refunds: total((b) => b.refunds),
      refunded: dollars(refunded),
      averageOrderValue: orders ? dollars(Math.round(gross / orders)) : 0,
      units: total((b) => b.units) - total((b) => b.refundedUnits),
    },
    revenue: series.map((b) => ({
      start: b.start,
      revenue: dollars(Number(b.gross) - Number(b.refunded)),
      orders: Number(b.orders),
      refunded: dollars(Number(b.refunded)),
    })),
    statuses: ORDER_STATUSES.map((status) => {
      const row = statuses.find((s) => s.status === status);
      return { status, orders: Number(row?.orders ?? 0), total: dollars(Number(row?.total ?? 0)) };
    }),
    topProducts: listed('revenue').map((p) => ({
      ...productLine(p),
      revenue: dollars(Number(p.cents)),
    })),
    topBrands: listed('brand').map((p) => ({
      brandId: p.id,
      name: p.name,
      units: Number(p.units),
      revenue: dollars(Number(p.cents)),
    })),
    topCustomers: customers.map((c) => ({
      userId: c.userId,
      name: c.name,
      email: c.email,
      orders: Number(c.orders),
      revenue: dollars(Number(c.cents)),
    })),
    unitsAgainstStock: listed('units').map((p) => ({
      ...productLine(p),
      stock: Number(p.stock ?? 0),
    })),
  };
}

const dollars = (cents: number) => cents / 100;

const productLine = (p: ProductFigure) => ({
  productId: p.id ?? '',
  sku: p.sku ?? '',
  name: p.name,
  units: Number(p.units),
});

/**
 * How the roll-ups answer a range fastest. Closed days (`closed`: the last one, null for none)
 * from the running totals: two rows a product or customer, the totals through `through` less
 * those through `before` (none before the first sale). The days after the last closed one (today,
 * as a rule) from the day rows.
 */
export interface RangeParts {
  through: string | null;
  before: string | null;
  days: { first: string; last: string } | null;
}

export function rangeParts(from: string, to: string, closed: string | null): RangeParts {
  if (closed === null || closed < from)
    return { through: null, before: null, days: { first: from, last: to } };
  return {
    through: to < closed ? to : closed,
    before: addDays(from, -1),
    days: closed < to ? { first: addDays(closed, 1), last: to } : null,
  };
}

/**
 * The zone the roll-ups count in, when they are whole; while they are rebuilt (decision 028) a
 * 409 that says how far the rebuild has gone: never figures of half-counted days.
 */
async function wholeRollUpsZone(db: Database): Promise<string> {
  const rebuild = await salesRebuildProgress(db);
  if (rebuild)
    throw new AppError(
      'CONFLICT',
      salesMessages.rebuilding(rebuild.zone, rebuild.days, rebuild.ofDays),
    );
  return (await storedZone(db)) ?? 'UTC';
}

/** The last day whose running totals are kept (migration 0016), or null when none is closed yet. */
async function closedThrough(db: Database): Promise<string | null> {
  const [row] = await rowsOf<{ value: string }>(
    db,
    sql`select value from app_state where key = 'sales_closed_through'`,
  );
  return row?.value ?? null;
}

const rollUps = {
  products: {
    totals: 'sales_product_totals',
    days: 'sales_products',
    key: 'product_id',
    count: 'units',
  },
  customers: {
    totals: 'sales_customer_totals',
    days: 'sales_customers',
    key: 'user_id',
    count: 'orders',
  },
} as const;

/**
 * The rows whose sums per product (or customer) are its figures over the range: `key`, `count`
 * (units or orders) and `revenue_cents`, from one stretch of an index each.
 */
function rowsInRange(kind: keyof typeof rollUps, parts: RangeParts) {
  const { totals, days, key, count } = rollUps[kind];
  const columns = (sign: SQL) =>
    sql`${sql.identifier(key)}, ${sign}${sql.identifier(count)} as ${sql.identifier(count)},
      ${sign}revenue_cents as revenue_cents`;
  const pieces: SQL[] = [];
  if (parts.through)
    pieces.push(sql`select ${columns(sql``)} from ${sql.identifier(totals)}
      where day = ${parts.through}::date`);
  if (parts.before)
    pieces.push(sql`select ${columns(sql`-`)} from ${sql.identifier(totals)}
      where day = ${parts.before}::date`);
  if (parts.days)
    pieces.push(sql`select ${columns(sql``)} from ${sql.identifier(days)}
      where period between ${parts.days.first}::date and ${parts.days.last}::date`);
  return sql.join(pieces, sql` union all `);
}

/**
 * A top-list query without parallel workers. It reads some 20,000 rows, where starting workers
 * costs more than they save, and the dashboard's queries already run side by side (measured at
 * 10^7 orders, load 7 on 2 cores: the customers' query 200 ms with two workers, 48 ms without).
 * The planner picks them because it guesses 200 products in a union of 20,000 rows.
 */
function rowsWithoutWorkers<T>(db: Database, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<T>(tx, query);
  });
}

interface SeriesRow {
  start: string;
  orders: number | string;
  gross: number | string;
  units: number | string;
  refunds: number | string;
  refunded: number | string;
  refundedUnits: number | string;
}

/** One bucket per day, week (ISO, from Monday) or month of the range, empty ones included. */
function revenueSeries(db: Database, { from, to, interval }: SalesQuery) {
  return rowsOf<SeriesRow>(
    db,
    sql`with days as (
      select day, sum(orders) as orders, sum(gross_cents) as gross, sum(units) as units,
        sum(refunds) as refunds, sum(refunded_cents) as refunded,
        sum(refunded_units) as refunded_units
      from sales_days where day between ${from}::date and ${to}::date
      group by day
    ), buckets as (
      select b::date as start
      from generate_series(date_trunc(${interval}, ${from}::timestamp), ${to}::timestamp,
        ${`1 ${interval}`}::interval) b
    )
    select greatest(b.start, ${from}::date)::text as start,
      coalesce(sum(d.orders), 0) as orders, coalesce(sum(d.gross), 0) as gross,
      coalesce(sum(d.units), 0) as units, coalesce(sum(d.refunds), 0) as refunds,
      coalesce(sum(d.refunded), 0) as refunded,
      coalesce(sum(d.refunded_units), 0) as "refundedUnits"
    from buckets b
    left join days d on date_trunc(${interval}, d.day::timestamp)::date = b.start
    group by b.start
    order by b.start`,
  );
}

function statusCounts(db: Database, { from, to }: SalesQuery) {
  return rowsOf<{ status: OrderStatus; orders: number | string; total: number | string }>(
    db,
    // The counter rows, and the changes the fold has not moved into them yet (a few seconds').
    sql`select status, sum(orders) as orders, sum(total_cents) as total
      from (
        select status, orders, total_cents from order_status_days
        where day between ${from}::date and ${to}::date
        union all
        select status, orders, total_cents from order_status_deltas
        where day between ${from}::date and ${to}::date
      ) counted
      group by status`,
  );
}

interface ProductFigure {
  kind: 'revenue' | 'units' | 'brand';
  id: string | null;
  sku: string | null;
  name: string;
  units: number | string;
  cents: number | string;
  stock: number | null;
}

/**
 * Three lists from one pass over the range's product rows: the top products by net revenue, the
 * top by pieces (beside their stock now), and the top brands (each product's brand today).
 */
function productFigures(db: Database, parts: RangeParts) {
  const picked = rowsInRange('products', parts);
  return rowsWithoutWorkers<ProductFigure>(
    db,
    sql`with agg as materialized (
      select product_id, sum(units) as units, sum(revenue_cents) as cents
      from (${picked}) picked
      group by product_id
    ), by_revenue as (
      select * from agg where cents > 0 order by cents desc, product_id limit ${SALES_TOP}
    ), by_units as (
      select * from agg where units > 0 order by units desc, product_id limit ${SALES_TOP}
    ), by_brand as (
      select p.brand_id, sum(a.units) as units, sum(a.cents) as cents
      from agg a join products p on p.id = a.product_id
      group by p.brand_id
      having sum(a.cents) > 0
      order by cents desc, p.brand_id nulls last
      limit ${SALES_TOP}
    )
    select kind, id, sku, name, units, cents, stock from (
      select 'revenue' as kind, t.product_id as id, p.sku, p.name, t.units, t.cents,
        p.available_quantity as stock, t.cents as rank
      from by_revenue t join products p on p.id = t.product_id
      union all
      select 'units', t.product_id, p.sku, p.name, t.units, t.cents, p.available_quantity,
        t.units
      from by_units t join products p on p.id = t.product_id
      union all
      select 'brand', b.brand_id, null, coalesce(br.name, 'No brand'), b.units, b.cents,
        null, b.cents
      from by_brand b left join brands br on br.id = b.brand_id
    ) lists
    order by kind, rank desc, id nulls last`,
  );
}

function topCustomers(db: Database, parts: RangeParts) {
  const picked = rowsInRange('customers', parts);
  return rowsWithoutWorkers<{
    userId: string;
    name: string;
    email: string;
    orders: number | string;
    cents: number | string;
  }>(
    db,
    sql`with agg as (
      select user_id, sum(orders) as orders, sum(revenue_cents) as cents
      from (${picked}) picked
      group by user_id
      having sum(revenue_cents) > 0
      order by cents desc, user_id
      limit ${SALES_TOP}
    )
    select a.user_id as "userId", u.name, u.email, a.orders, a.cents
    from agg a join "user" u on u.id = a.user_id
    order by a.cents desc, a.user_id`,
  );
}
