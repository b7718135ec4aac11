import { ORDER_STATUSES } from '@proper-parts/domain/constants';
import { type SalesDashboard, type SalesQuery, salesMessages } from '@proper-parts/domain/sales';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { revenueSeries, type SeriesRow } from './revenue-series.ts';
import { rangeParts } from './sales-range.ts';
import { salesRebuildProgress } from './sales-rebuild.ts';
import { storedZone } from './shop-time-zone.ts';
import { statusCounts } from './status-counts.ts';
import { type ProductFigure, productFigures, topCustomers } from './top-lists.ts';

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
      tax: dollars(total((b) => b.tax)),
      freight: dollars(total((b) => b.freight)),
    },
    revenue: series.map((b) => ({
      start: b.start,
      revenue: dollars(Number(b.gross) - Number(b.refunded)),
      orders: Number(b.orders),
      refunded: dollars(Number(b.refunded)),
      tax: dollars(Number(b.tax)),
      freight: dollars(Number(b.freight)),
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
