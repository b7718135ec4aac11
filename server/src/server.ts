import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { answerBackupRequests } from './db/backup-requests.ts';
import { openDatabase } from './db/client.ts';
import { isPreparingDataDir, prepareDataDirInChild } from './db/first-start.ts';
import { openReadReplica } from './db/read-replica.ts';
import { StartupError } from './errors.ts';
import { seedDemoBeforeOpening } from './features/catalog/demo-loading.ts';
import { reportPoolStats } from './features/metrics/metrics.ts';
import { listenForMetrics } from './features/metrics/metrics-plugin.ts';
import { useShopTimeZone } from './features/sales/shop-time-zone.ts';
import { registerGracefulDrain } from './http/graceful-drain.ts';
import { logOptions } from './log-options.ts';
import { batchedStdout } from './log-stream.ts';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Readable lines on a terminal; JSON lines (for log shippers) in production and pipes, written
 * in batches (log-stream.ts).
 */
function loggerOptions(level: string) {
  if (!process.stdout.isTTY) {
    return logOptions(level, { stream: batchedStdout() });
  }
  const pretty = { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true };
  return logOptions(level, { transport: { target: 'pino-pretty', options: pretty } });
}

/** Starts the shop: config, database (migrated), demo catalog, then web + API on one port. */
async function main() {
  const config = loadConfig();
  // React's packages, which the web's renderer imports (web/dist/.server), pick their development
  // or production build by this variable when loaded: unset, as `npm start` leaves it, every
  // server-rendered page ran React's development build, while the bench set it (issue 32).
  process.env.NODE_ENV = config.NODE_ENV;
  config.WEB_DIST_DIR ??= webDist;
  const dataDir = resolve(config.DATA_DIR);
  if (!config.DATABASE_URL && !isPreparingDataDir()) {
    // initdb and the migrations, in a child, when the build left no template to copy.
    await prepareDataDirInChild(dataDir, fileURLToPath(import.meta.url));
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    timeoutMs: config.DATABASE_TIMEOUT_MS,
  });
  if (isPreparingDataDir()) {
    await database.close();
    process.exit(0);
  }
  const replaced = await database.withoutTimeouts((db) =>
    useShopTimeZone(db, config.SHOP_TIME_ZONE),
  );
  // Out of reach at start, it is marked down and probed: the shop opens on the primary alone.
  const replica = config.DATABASE_READ_URL
    ? await openReadReplica({
        url: config.DATABASE_READ_URL,
        primary: database.db,
        timeoutMs: config.DATABASE_TIMEOUT_MS,
      })
    : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    replica,
    mailOutboxDir: join(dataDir, 'mail'),
    logger: loggerOptions(config.LOG_LEVEL),
    uploadsDir: join(dataDir, 'uploads'),
    webhookWorker: config.WEBHOOK_WORKER,
  });
  app.addHook('onClose', async () => {
    await replica?.close();
    await database.close();
  });
  if (replaced)
    app.log.warn(
      `SHOP_TIME_ZONE changed from ${replaced} to ${config.SHOP_TIME_ZONE}: the sales roll-ups are being rebuilt in the background (the dashboard answers 409 until they are)`,
    );
  reportPoolStats(database.poolStats);
  if (database.dumpDataDir) {
    const stopAnswering = answerBackupRequests(dataDir, database.dumpDataDir, app.log);
    app.addHook('preClose', async () => {
      stopAnswering();
    });
  }

  // The home page's parts now, the rest of the demo catalog once the shop listens.
  const seedTheRest = config.SEED_DEMO ? await seedDemoBeforeOpening(app, database) : undefined;

  const drainAndClose = registerGracefulDrain(app);
  const shutdown = (signal: string) => {
    drainAndClose(signal).then(
      (code) => process.exit(code),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Before the shop's port opens: hooks cannot be added to a listening app.
  if (config.METRICS_PORT) {
    const metrics = await listenForMetrics(config.METRICS_PORT, config.METRICS_HOST).catch(
      (error: NodeJS.ErrnoException) => {
        throw new StartupError(
          `METRICS_PORT ${config.METRICS_PORT}: ${error.code ?? error.message}`,
        );
      },
    );
    app.addHook('preClose', async () => {
      metrics.close();
    });
  }

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close().catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new StartupError(`PORT ${config.PORT} is already in use`);
    if (code === 'EACCES') throw new StartupError(`PORT ${config.PORT} needs more privileges`);
    throw error;
  }
  app.log.info(`Proper Parts is open at ${config.PUBLIC_URL} (database: ${database.kind})`);
  seedTheRest?.();
  if (config.METRICS_PORT)
    app.log.info(`metrics at http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);
}

main().catch((error: unknown) => {
  const message = error instanceof StartupError ? error.message : String((error as Error)?.stack);
  process.stderr.write(`proper-parts: ${message}\n`);
  process.exit(1);
});
