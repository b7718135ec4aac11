import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { registerRetentionSweep, sweepInBatches } from '../../plugins/periodic-sweep.ts';

/** Events deleted per transaction (their deliveries go with them): short locks. */
const BATCH_ROWS = 1000;
const MAX_BATCHES = 100;

/**
 * Deletes a batch of outbox events older than `days` that no delivery still waits on: every
 * delivery of theirs delivered or given up (`failed`), or none made (no endpoint wanted them).
 * Their deliveries and attempt logs go with them (on delete cascade). A `pending` delivery keeps
 * its event however old: an endpoint disabled for weeks gets what it missed when enabled again.
 * Oldest first on `outbox_events_created_idx`; `skip locked`: processes sweeping at once take
 * different rows.
 */
export async function deleteExpiredOutboxBatch(
  db: Database,
  days: number,
  batchRows = BATCH_ROWS,
): Promise<number> {
  const deleted = await db.execute(sql`delete from outbox_events where id in (
      select e.id from outbox_events e
      where e.created_at < now() - make_interval(days => ${days}::int)
        and not exists (select 1 from webhook_deliveries d
          where d.event_id = e.id and d.status = 'pending')
      order by e.created_at limit ${batchRows} for update skip locked)
    returning 1`);
  return deleted.rows.length;
}

/** One round: batch after batch until one is short (or MAX_BATCHES); answers how many went. */
export function sweepOutbox(db: Database, days: number): Promise<number> {
  return sweepInBatches(() => deleteExpiredOutboxBatch(db, days), {
    batchRows: BATCH_ROWS,
    maxBatches: MAX_BATCHES,
  });
}

/**
 * Once an hour (and at start), events older than WEBHOOK_RETENTION_DAYS that nothing waits on
 * are deleted with their deliveries. Every process may run it; a database that is down only skips
 * a round (the audit log's sweep, audit-retention.ts, is the same).
 */
export function registerOutboxRetention(app: FastifyInstance) {
  registerRetentionSweep(app, {
    name: 'webhook outbox retention sweep',
    sweep: () => sweepOutbox(app.db, app.config.WEBHOOK_RETENTION_DAYS),
    removed: 'webhook outbox: old events removed',
  });
}
