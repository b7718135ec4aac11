import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Mailer } from '../mail/mailer.ts';
import { startDeliveryWorker, type WorkerSettings } from './delivery-worker.ts';

/** The worker's settings from the WEBHOOK_* environment (config.ts). */
export function workerSettingsOf(config: Config): WorkerSettings {
  return {
    policy: {
      allowHttp: config.WEBHOOK_ALLOW_HTTP,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    },
    intervalMs: config.WEBHOOK_WORKER_INTERVAL_MS,
    batchSize: config.WEBHOOK_WORKER_BATCH,
    concurrency: config.WEBHOOK_CONCURRENCY,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: config.WEBHOOK_RETRY_MAX_MS,
    giveUpAfterMs: config.WEBHOOK_RETRY_FOR_HOURS * 3_600_000,
    disableAfterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
  };
}

/**
 * Runs the delivery worker while the app is up: started once the app is ready, stopped (its
 * round finished and recorded) before the app closes. buildApp registers it for the server
 * (server.ts, WEBHOOK_WORKER); in-process tests start it only when they mean to.
 */
export function registerWebhookWorker(app: FastifyInstance, mailer: Mailer) {
  let worker: ReturnType<typeof startDeliveryWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startDeliveryWorker(app.db, workerSettingsOf(app.config), { mailer, log: app.log });
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
}
