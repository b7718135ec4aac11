import type { FastifyInstance } from 'fastify';

/**
 * Background work every `everyMs` in every process (approval holds, audit and outbox retention): once when
 * the app is ready, then on a timer that keeps no process alive. A round never overlaps the one
 * before, and a failed round (the database away) is logged and skipped: the next one tries again.
 * `run` must be safe in many processes at once (`for update skip locked`, guarded updates).
 */
export function registerPeriodicSweep(
  app: FastifyInstance,
  { name, everyMs, run }: { name: string; everyMs: number; run: () => Promise<unknown> },
) {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await run();
    } catch (error) {
      app.log.warn({ err: error }, `${name} skipped a round`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * A retention sweep's round: `deleteBatch` (one short transaction deleting at most `batchRows`
 * rows, `for update skip locked` so processes sweeping at once take different rows) again and
 * again until a batch comes back short, or `maxBatches` ran (the next round goes on). Answers how
 * many rows went.
 */
export async function sweepInBatches(
  deleteBatch: () => Promise<number>,
  { batchRows, maxBatches }: { batchRows: number; maxBatches: number },
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchRows) break;
  }
  return total;
}

/**
 * A retention sweep (audit log, webhook outbox, unattached return photos): once an hour and at
 * start, `sweep` deletes what has expired and answers how many rows went; a round that removed
 * some says so in the log, with `removed` as the line.
 */
export function registerRetentionSweep(
  app: FastifyInstance,
  { name, sweep, removed }: { name: string; sweep: () => Promise<number>; removed: string },
) {
  registerPeriodicSweep(app, {
    name,
    everyMs: 3600_000,
    run: async () => {
      const deleted = await sweep();
      if (deleted > 0) app.log.info({ deleted }, removed);
    },
  });
}
