import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';

/**
 * Counts the next orders of the rebuild under way (migration 0017, decision 028): answers how many,
 * 0 when none was left and the rebuild is over, null when no rebuild is under way. Safe in many
 * processes at once: each step continues where the last one, of any process, stopped.
 */
export async function rebuildSalesStep(db: Database, orders: number): Promise<number | null> {
  const [row] = await rowsOf<{ counted: number | null }>(
    db,
    sql`select pp_sales_rebuild_step(${orders}::int) as counted`,
  );
  return row?.counted ?? null;
}

/**
 * Runs the rebuild under way to its end, `stepOrders` orders a transaction (SALES_REBUILD_STEP_ORDERS:
 * a sale's commit waits for at most one step), after a change of SHOP_TIME_ZONE or resumed after a
 * restart. Answers how many orders this process counted; 0 when there was no rebuild or another
 * process counted the rest.
 */
export async function rebuildSales(db: Database, stepOrders: number): Promise<number> {
  let counted = 0;
  for (;;) {
    const step = await rebuildSalesStep(db, stepOrders);
    if (!step) return counted;
    counted += step;
  }
}

/** How far the rebuild under way has gone, in the shop's days from its first order through today. */
export interface SalesRebuildProgress {
  zone: string;
  /** Days whose orders are all counted. */
  days: number;
  /** Days from the first order's through today (or the last order's, if later). */
  ofDays: number;
  orders: number;
}

/** The rebuild under way, or null when the roll-ups are whole. */
export async function salesRebuildProgress(db: Database): Promise<SalesRebuildProgress | null> {
  const [row] = await rowsOf<{
    zone: string;
    days: number | string;
    ofDays: number | string;
    orders: number | string;
  }>(
    db,
    // The first and last orders from the ends of orders_newest_idx (scalar min and max: a grouped
    // one read every order), and only while a rebuild runs.
    sql`select z.name as zone, r.orders,
      coalesce((r.through_at at time zone z.name)::date - f.first + 1, 0) as days,
      coalesce(greatest(f.last, (now() at time zone z.name)::date) - f.first + 1, 0) as "ofDays"
    from sales_rebuild r
    cross join lateral (
      select coalesce((select value from app_state where key = 'sales_time_zone'), 'UTC') as name
    ) z
    cross join lateral (
      select ((select min(created_at) from orders) at time zone z.name)::date as first,
        ((select max(created_at) from orders) at time zone z.name)::date as last
    ) f`,
  );
  if (!row) return null;
  return {
    zone: row.zone,
    days: Number(row.days),
    ofDays: Number(row.ofDays),
    orders: Number(row.orders),
  };
}
