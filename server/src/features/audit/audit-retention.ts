import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { registerRetentionSweep, sweepInBatches } from '../../plugins/periodic-sweep.ts';

/** Rows deleted per transaction: short locks, and a round stops after MAX_BATCHES of them. */
const BATCH_ROWS = 1000;
const MAX_BATCHES = 100;

/**
 * Deletes a batch of entries older than `days`. The table's trigger refuses any other DELETE: this
 * transaction says, for itself only, that it is the retention sweep and how old a row must be
 * (the trigger checks each row against it). `skip locked`: processes sweeping at once take
 * different rows.
 */
export async function deleteExpiredAuditBatch(
  db: Database,
  days: number,
  batchRows = BATCH_ROWS,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pp.audit_retention', 'on', true),
      set_config('pp.audit_retention_days', ${String(days)}, true)`);
    const deleted = await tx.execute(sql`delete from audit_log where id in (
        select id from audit_log where at < now() - make_interval(days => ${days}::int)
        order by at limit ${batchRows} for update skip locked)
      returning 1`);
    return deleted.rows.length;
  });
}

/** One round: batch after batch until none is full (or MAX_BATCHES); answers how many went. */
export function sweepAuditLog(db: Database, days: number): Promise<number> {
  return sweepInBatches(() => deleteExpiredAuditBatch(db, days), {
    batchRows: BATCH_ROWS,
    maxBatches: MAX_BATCHES,
  });
}

/**
 * Once an hour (and at start), entries older than AUDIT_RETENTION_DAYS are deleted. Every process
 * may run it (`skip locked`); a database that is down only skips a round.
 */
export function registerAuditRetention(app: FastifyInstance) {
  registerRetentionSweep(app, {
    name: 'audit retention sweep',
    sweep: () => sweepAuditLog(app.db, app.config.AUDIT_RETENTION_DAYS),
    removed: 'audit log: old entries removed',
  });
}
