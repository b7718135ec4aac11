import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { registerPeriodicSweep } from '../../plugins/periodic-sweep.ts';

/** How often each server folds the orders' status changes into the dashboard's counter rows. */
export const STATUS_FOLD_EVERY_MS = 5_000;

/**
 * Moves the order status changes the orders trigger appended (`order_status_deltas`) into the
 * counter rows of `order_status_days` (migration 0015): an order's commit then waits for no other
 * order's counter row. Safe in many processes at once; answers how many changes it moved.
 */
export async function foldStatusChanges(db: Database): Promise<number> {
  const [row] = await rowsOf<{ moved: number }>(db, sql`select pp_sales_fold_status() as moved`);
  return row?.moved ?? 0;
}

export function registerStatusFold(app: FastifyInstance) {
  registerPeriodicSweep(app, {
    name: 'order status fold',
    everyMs: STATUS_FOLD_EVERY_MS,
    run: () => foldStatusChanges(app.db),
  });
}
