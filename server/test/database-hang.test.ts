import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@proper-parts/domain/messages';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { signUp } from './auth-helper.ts';
import { sendOriginLikeABrowser } from './helper.ts';
import { createPostgresDatabase } from './server-process.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/**
 * Issue 15: a PostgreSQL that hangs instead of refusing (frozen, or a partition dropping
 * packets) kept requests and health waiting up to 15 s. Every wait is bounded now: each caller
 * hears 503 within 5 s, health sooner, and the shop answers again once the database does.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

it('a frozen PostgreSQL: 503 within 5 s for every caller, health within 2 s, then recovers', async () => {
  const database = await createPostgresDatabase('pp_hang');
  cleanups.push(database.drop);
  const direct = new URL(database.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  cleanups.push(proxy.close);
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const handle = await openDatabase({ databaseUrl: viaProxy.toString() });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    db: handle.db,
    dbKind: handle.kind,
    logger: false,
    uploadsDir: mkdtempSync(join(tmpdir(), 'pp-hang-')),
  });
  await app.ready();
  sendOriginLikeABrowser(app);
  cleanups.push(async () => {
    await app.close();
    await handle.close();
  });
  const buyer = await signUp(app);
  const myOrders = `/api/v1/purchase/${encodeURIComponent(buyer.email)}`;
  expect((await app.inject({ url: myOrders, headers: { cookie: buyer.cookie } })).statusCode).toBe(
    200,
  );

  proxy.freeze();
  const health = await timed(() => app.inject({ url: '/api/v1/health' }));
  expect(health.result.statusCode).toBe(503);
  expect(health.result.json()).toEqual({ success: false, message: messages.databaseUnavailable });
  expect(health.ms).toBeLessThan(2000);

  // More callers than the pool has connections: the ones queued for a connection are bounded too.
  const callers = Array.from({ length: 25 }, (_, i) =>
    timed(() =>
      app.inject(
        i % 2
          ? { url: myOrders, headers: { cookie: buyer.cookie } }
          : { url: `/api/v1/tools?limit=3&offset=${i + 1}` },
      ),
    ),
  );
  for (const { result, ms } of await Promise.all(callers)) {
    expect(result.statusCode).toBe(503);
    expect(result.json().message).toBe(messages.databaseUnavailable);
    expect(ms).toBeLessThan(5000);
  }

  proxy.restore();
  await expect
    .poll(async () => (await app.inject({ url: '/api/v1/health' })).statusCode, {
      timeout: 15_000,
      interval: 200,
    })
    .toBe(200);
  expect((await app.inject({ url: myOrders, headers: { cookie: buyer.cookie } })).statusCode).toBe(
    200,
  );
}, 60_000);
