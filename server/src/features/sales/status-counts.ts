import type { OrderStatus } from '@proper-parts/domain/constants';
import type { SalesQuery } from '@proper-parts/domain/sales';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';

/** Orders and their totals by status over the range. */
export function statusCounts(db: Database, { from, to }: SalesQuery) {
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
