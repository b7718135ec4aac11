import { messages } from '@proper-parts/domain/messages';
import { afterAll, expect, it } from 'vitest';
import { badOutcomes, call, prepareShop, startLoad, verifyShop } from './order-load.ts';
import {
  createPostgresDatabase,
  killAllServers,
  removeTempDirs,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/**
 * Issue 10, faults: PostgreSQL goes away for 5 s under load. The shared PostgreSQL is never
 * stopped: the server reaches it through a TCP proxy this test cuts and restores.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
  removeTempDirs();
});

it('PostgreSQL cut for 5 s under load: 503 with a message, no hang, reconnects, no half order', async () => {
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  const direct = new URL(database.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  cleanups.push(proxy.close);
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);

  const server = await startServer({ dataDir: tempDir(), databaseUrl: viaProxy.toString() });
  const shop = await prepareShop(server.url);
  const load = startLoad(() => server.url, shop, { persist: true });
  await load.untilOrders(20);

  proxy.cut();
  const cutAt = Date.now();
  // While it is gone, the server says so, in the envelope, and quickly enough not to hang.
  await expect
    .poll(async () => call(server.url, '/api/v1/health'), { timeout: 30_000, interval: 200 })
    .toEqual({
      kind: 'answered',
      status: 503,
      body: { success: false, message: messages.databaseUnavailable },
    });
  // Not ready while it is gone, yet alive: a platform must not restart every instance for it.
  expect(await call(server.url, '/api/v1/health/ready')).toMatchObject({ status: 503 });
  expect(await call(server.url, '/api/v1/health/live')).toMatchObject({ status: 200 });
  const ordersBefore = load.orders.size;
  while (Date.now() - cutAt < 5000) await new Promise((r) => setTimeout(r, 100));
  proxy.restore();
  const restoredAt = Date.now();
  await expect
    .poll(() => call(server.url, '/api/v1/health'), { timeout: 60_000, interval: 100 })
    .toMatchObject({ kind: 'answered', status: 200 });
  const reconnectMs = Date.now() - restoredAt;
  // Shoppers get through again on their own.
  await load.untilOrders(ordersBefore + 10);
  const report = await load.stop();

  expect(server.child.exitCode).toBeNull();
  expect(badOutcomes(report)).toEqual([]);
  const during = report.outcomes.filter((o) => o.at > cutAt && o.at < restoredAt);
  const unavailable = during.filter(
    (o) => o.outcome.kind === 'answered' && o.outcome.status === 503,
  );
  expect(unavailable.length).toBeGreaterThan(0);
  await verifyShop(server.url, shop, report.orders.values());
  console.info(
    `[PostgreSQL cut 5 s] ${report.orders.size} orders acknowledged, ${during.length} requests while cut (${unavailable.length} answered 503), healthy again ${reconnectMs} ms after restore`,
  );
  expect(await stopServer(server), server.output()).toBe(0);
}, 240_000);
