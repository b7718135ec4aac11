import { ORDER_STATUSES, type OrderStatus } from '@proper-parts/domain/constants';
import { addDays } from '@proper-parts/domain/days';
import { SALES_TOP, type SalesDashboard, type SalesQuery } from '@proper-parts/domain/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../orders/orders-repository.ts';
import { storedZone } from './shop-time-zone.ts';

/**
 * The dashboard's figures, read from the roll-ups the triggers keep (migration 0014, decision
 * 024), in the days of the zone they were counted in, never from the orders: each query reads a few thousand rows at most for a range of days,
 * whatever the number of orders.
 */
export async function salesDashboardOf(db: Database, query: SalesQuery): Promise<SalesDashboard> {
  const pieces = rangePieces(query.from, query.to);
  const [timeZone, series, statuses, products, customers] = await Promise.all([
    storedZone(db),
    revenueSeries(db, query),
    statusCounts(db, query),
    productFigures(db, pieces),
    topCustomers(db, pieces),
  ]);
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
    timeZone: timeZone ?? 'UTC',
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

/** A stretch of the range read from one grain of roll-up rows: days ('d') or whole months ('m'). */
export interface RangePiece {
  grain: 'd' | 'm';
  first: string;
  last: string;
}

const monthAfter = (day: string) => {
  const [year = 0, month = 0] = day.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/**
 * The range as the roll-ups answer it fastest: the whole months inside it from the month rows,
 * the ragged days before and after them from the day rows. A year from the 15th reads 11 month
 * rows and 30 days of day rows per product, not 365.
 */
export function rangePieces(from: string, to: string): RangePiece[] {
  const monthsFrom = from.endsWith('-01') ? from : monthAfter(from);
  const dayAfterTo = addDays(to, 1);
  const monthsUntil = dayAfterTo.endsWith('-01') ? dayAfterTo : `${to.slice(0, 8)}01`;
  if (monthsFrom >= monthsUntil) return [{ grain: 'd', first: from, last: to }];
  const pieces: RangePiece[] = [];
  if (from < monthsFrom) pieces.push({ grain: 'd', first: from, last: addDays(monthsFrom, -1) });
  pieces.push({ grain: 'm', first: monthsFrom, last: addDays(monthsUntil, -1) });
  if (monthsUntil <= to) pieces.push({ grain: 'd', first: monthsUntil, last: to });
  return pieces;
}

/** The roll-up rows of `table` that make up the range, one index range scan per piece. */
function rowsInRange(
  table: 'sales_products' | 'sales_customers',
  columns: SQL,
  pieces: RangePiece[],
) {
  return sql.join(
    pieces.map(
      (piece) => sql`select ${columns} from ${sql.identifier(table)}
        where grain = ${piece.grain} and period between ${piece.first}::date and ${piece.last}::date`,
    ),
    sql` union all `,
  );
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
function productFigures(db: Database, pieces: RangePiece[]) {
  const picked = rowsInRange('sales_products', sql`product_id, units, revenue_cents`, pieces);
  return rowsOf<ProductFigure>(
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

function topCustomers(db: Database, pieces: RangePiece[]) {
  const picked = rowsInRange('sales_customers', sql`user_id, orders, revenue_cents`, pieces);
  return rowsOf<{
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
