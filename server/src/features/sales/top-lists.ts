import { SALES_TOP } from '@proper-parts/domain/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { type RangeParts, rowsInRange } from './sales-range.ts';

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

export interface ProductFigure {
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
export function productFigures(db: Database, parts: RangeParts) {
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

export function topCustomers(db: Database, parts: RangeParts) {
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
