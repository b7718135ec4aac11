import type { SalesQuery } from '@proper-parts/domain/sales';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';

export interface SeriesRow {
  start: string;
  orders: number | string;
  gross: number | string;
  units: number | string;
  refunds: number | string;
  refunded: number | string;
  refundedUnits: number | string;
  /** Tax and freight charged on the sales, less what their refunds gave back (migration 0027). */
  tax: number | string;
  freight: number | string;
}

/** One bucket per day, week (ISO, from Monday) or month of the range, empty ones included. */
export function revenueSeries(db: Database, { from, to, interval }: SalesQuery) {
  return rowsOf<SeriesRow>(
    db,
    sql`with days as (
      select day, sum(orders) as orders, sum(gross_cents) as gross, sum(units) as units,
        sum(refunds) as refunds, sum(refunded_cents) as refunded,
        sum(refunded_units) as refunded_units, sum(tax_cents - refunded_tax_cents) as tax,
        sum(freight_cents - refunded_freight_cents) as freight
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
      coalesce(sum(d.refunded_units), 0) as "refundedUnits",
      coalesce(sum(d.tax), 0) as tax, coalesce(sum(d.freight), 0) as freight
    from buckets b
    left join days d on date_trunc(${interval}, d.day::timestamp)::date = b.start
    group by b.start
    order by b.start`,
  );
}
