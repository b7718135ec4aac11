import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { registerPeriodicSweep } from '../../plugins/periodic-sweep.ts';
import { rowsOf } from '../orders/orders-repository.ts';

/** How often each server looks for a day that is over and not closed yet. */
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

export function registerSalesDayClose(app: FastifyInstance) {
  registerPeriodicSweep(app, {
    name: 'sales day close',
    everyMs: CLOSE_DAYS_EVERY_MS,
    run: () => closeSalesDays(app.db),
  });
}
