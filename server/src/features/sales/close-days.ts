import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { registerPeriodicSweep } from '../../plugins/periodic-sweep.ts';
import { rebuildSales } from './sales-rebuild.ts';

/** How often each server looks for a rebuild to carry on and a day that is over and not closed yet. */
export const CLOSE_DAYS_EVERY_MS = 60_000;

/**
 * Closes every day that is over in the shop's zone and not closed yet (migration 0016, decision
 * 027): each gets its running totals, one day a transaction (`pp_sales_close_day()`), so a sale's
 * commit waits at most for one day's close. After midnight that is one day; after the migration
 * or a rebuild, every day of the shop's history, in the background. Safe in many processes at
 * once (the close takes an advisory lock and closes the day after the last closed one); answers
 * how many days it closed.
 */
export async function closeSalesDays(db: Database): Promise<number> {
  let closed = 0;
  for (;;) {
    const [row] = await rowsOf<{ day: string | null }>(
      db,
      sql`select pp_sales_close_day()::text as day`,
    );
    if (!row?.day) return closed;
    closed += 1;
  }
}

/**
 * Every minute (and at start), each server carries on the rebuild of the roll-ups if one is under
 * way (after a change of SHOP_TIME_ZONE, decision 028), to its end, then closes the days that are
 * over.
 */
export function registerSalesDayClose(app: FastifyInstance) {
  registerPeriodicSweep(app, {
    name: 'sales day close',
    everyMs: CLOSE_DAYS_EVERY_MS,
    run: async () => {
      const counted = await rebuildSales(app.db, app.config.SALES_REBUILD_STEP_ORDERS);
      if (counted > 0)
        app.log.info(`sales roll-ups rebuilt: this server counted ${counted} orders`);
      return closeSalesDays(app.db);
    },
  });
}
