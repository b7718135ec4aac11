import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { openReadReplica, type ReadReplica } from '../src/db/read-replica.ts';
import { metricsRegistry, replicaReads } from '../src/features/metrics/metrics.ts';
import { signUp, signUpAdmin, type TestUser } from './auth-helper.ts';
import { changesSettled, sendOriginLikeABrowser, type TestApp } from './helper.ts';
import { as, createProduct, placeOrder } from './order-helpers.ts';
import {
  findPostgresPrograms,
  type ReplicaCluster,
  startReplicaCluster,
} from './replica-cluster.ts';

/**
 * Issue 21, read replicas (decision 025), on a real streaming replica built for this file: the
 * public catalog reads from it, a buyer's own orders never do, a change heard is never hidden by
 * a replica that has not replayed it, and the shop keeps selling when it stops.
 */
const programs = findPostgresPrograms();
if ('missing' in programs) console.warn(`read-replica.test.ts skipped: ${programs.missing}`);

/** Reads answered by the replica (or by the primary for `reason`) so far, in this process. */
const answered = async (by: 'replica' | 'primary', reason: string) =>
  (await replicaReads.get()).values.find(
    (v) => v.labels.answered_by === by && v.labels.reason === reason,
  )?.value ?? 0;

describe.skipIf('missing' in programs)('read replica (DATABASE_READ_URL)', () => {
  let cluster: ReplicaCluster;
  let database: DatabaseHandle;
  let replica: ReadReplica;
  let app: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  const uploadsDir = mkdtempSync(join(tmpdir(), 'pp-replica-uploads-'));
  /** Every status the shop answered in this file: none may be a 5xx. */
  const statuses: number[] = [];
  const call = async (options: InjectOptions) => {
    const res = await app.inject(options);
    statuses.push(res.statusCode);
    return res;
  };

  beforeAll(async () => {
    cluster = await startReplicaCluster((programs as { bin: string }).bin);
    database = await openDatabase({ databaseUrl: cluster.primaryUrl });
    await cluster.caughtUp();
    replica = await openReadReplica({
      url: cluster.replicaUrl,
      primary: database.db,
      timeoutMs: 4000,
      // Probed often so that the test sees it come back; the lag bound has a test of its own.
      probeMs: 200,
      maxLagMs: 600_000,
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_READ_URL: cluster.replicaUrl,
    });
    app = await buildApp({
      config,
      db: database.db,
      dbKind: database.kind,
      replica,
      logger: false,
      uploadsDir,
    });
    await app.ready();
    sendOriginLikeABrowser(app);
    buyer = await signUp(app);
    admin = await signUpAdmin(app);
  }, 60_000);

  // A test that fails with the replica stopped or paused must not leave the next one without it.
  afterEach(async () => {
    await cluster?.startReplica();
    await cluster?.resumeReplay().catch(() => {});
  });

  afterAll(async () => {
    await app?.close();
    await replica?.close();
    await database?.close();
    await cluster?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('answers catalog reads from the replica: stock the replica has not replayed does not show', async () => {
    const product = await createProduct(app, { availableQuantity: 100, minimumOrderQuantity: 1 });
    // The product's notification heard (and the primary's position taken) before the stock moves.
    await changesSettled(app);
    await cluster.caughtUp();
    await cluster.pauseReplay();
    // An order in another process takes stock this way: it notifies no one (decision 014).
    await cluster.query('primary', 'update products set available_quantity = 77 where id = $1', [
      product.id,
    ]);
    const before = await answered('replica', 'ok');
    const stale = await call({ url: `/api/v1/tools/${product.id}` });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data.availableQuantity).toBe(100);
    expect(await answered('replica', 'ok')).toBeGreaterThan(before);
    const [onReplica] = await cluster.query<{ available_quantity: number }>(
      'replica',
      'select available_quantity from products where id = $1',
      [product.id],
    );
    expect(onReplica?.available_quantity).toBe(100);

    await cluster.resumeReplay();
    await cluster.caughtUp();
    // Past the catalog's 0.5 s max age, read again: from the replica, which now has it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const fresh = await call({ url: `/api/v1/tools/${product.id}` });
    expect(fresh.json().data.availableQuantity).toBe(77);
    // The replica's own sessions show it is used: the pool names itself there.
    const sessions = await cluster.query<{ n: number }>(
      'replica',
      "select count(*)::int as n from pg_stat_activity where application_name = 'proper-parts-read'",
    );
    expect(sessions[0]?.n).toBeGreaterThan(0);
  });

  it('never shows a buyer a stale order, nor an admin a stale edit, while the replica lags', async () => {
    const product = await createProduct(app, { availableQuantity: 50, minimumOrderQuantity: 1 });
    await cluster.caughtUp();
    expect((await call({ url: `/api/v1/catalog/products/${product.id}` })).statusCode).toBe(200);
    await cluster.pauseReplay();

    const orderId = await placeOrder(app, buyer, { toolId: product.id, quantity: 5 });
    const mine = await call({ url: `/api/v1/myPurchase/${orderId}`, headers: as(buyer) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ _id: orderId, quantity: 5 });
    const list = await call({ url: `/api/v1/purchase/${buyer.email}`, headers: as(buyer) });
    expect(list.json().data.map((o: { _id: string }) => o._id)).toContain(orderId);
    // The replica does not have it yet.
    expect(
      await cluster.query('replica', 'select id from orders where id = $1', [orderId]),
    ).toEqual([]);

    const edited = await call({
      method: 'PATCH',
      url: `/api/v1/tools/${product.id}`,
      headers: as(admin),
      payload: { name: 'Renamed while the replica lags' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.name).toBe('Renamed while the replica lags');
    const behind = await answered('primary', 'behind');
    // The caches refill after the change, from the primary: the replica has not replayed it.
    const page = await call({ url: `/api/v1/catalog/products/${product.id}` });
    expect(page.json().data.name).toBe('Renamed while the replica lags');
    const tool = await call({ url: `/api/v1/tools/${product.id}` });
    expect(tool.json().data).toMatchObject({
      name: 'Renamed while the replica lags',
      availableQuantity: 45,
    });
    expect(await answered('primary', 'behind')).toBeGreaterThan(behind);
    const [onReplica] = await cluster.query<{ name: string }>(
      'replica',
      'select name from products where id = $1',
      [product.id],
    );
    expect(onReplica?.name).not.toBe('Renamed while the replica lags');

    await cluster.resumeReplay();
    await cluster.caughtUp();
  });

  it('keeps selling when the replica stops: reads go to the primary, readiness says degraded, then it comes back', async () => {
    const product = await createProduct(app, {
      name: 'Hydraulic coupling while the replica is down',
      availableQuantity: 40,
      minimumOrderQuantity: 1,
    });
    await cluster.caughtUp();
    // The replica answers (it has caught up with the new product): the next read goes straight to
    // it, so its failure is met in the query itself.
    const before = await answered('replica', 'ok');
    expect((await call({ url: '/api/v1/tools?limit=3' })).statusCode).toBe(200);
    expect(await answered('replica', 'ok')).toBeGreaterThan(before);
    await cluster.stopReplica();

    // Answers never asked before: each is a query, which the replica cannot answer.
    const listed = await call({ url: '/api/v1/tools?limit=7' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((t: { _id: string }) => t._id)).toContain(product.id);
    const found = await call({ url: '/api/v1/catalog/search?q=hydraulic%20coupling' });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.items.map((p: { _id: string }) => p._id)).toContain(product.id);
    for (const url of ['/api/v1/catalog/brands', '/api/v1/vehicles/years', '/api/v1/reviews'])
      expect((await call({ url })).statusCode).toBe(200);
    expect(replica.up).toBe(false);

    const orderId = await placeOrder(app, buyer, { toolId: product.id, quantity: 3 });
    const mine = await call({ url: `/api/v1/myPurchase/${orderId}`, headers: as(buyer) });
    expect(mine.json().data).toMatchObject({ _id: orderId, quantity: 3 });
    const shown = await call({ url: `/api/v1/tools/${product.id}` });
    expect(shown.json().data.availableQuantity).toBe(37);

    const ready = await call({ url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({
      status: 'degraded',
      database: 'postgres',
      replica: 'down',
    });
    expect(await metricsRegistry.metrics()).toMatch(/^proper_parts_db_replica_up 0$/m);
    expect(await answered('primary', 'down')).toBeGreaterThan(0);

    await cluster.startReplica();
    await expect
      .poll(async () => (await call({ url: '/api/v1/health/ready' })).json().data, {
        timeout: 15_000,
        interval: 200,
      })
      .toEqual({ status: 'ok', database: 'postgres', replica: 'up' });
    expect(await metricsRegistry.metrics()).toMatch(/^proper_parts_db_replica_up 1$/m);
    await cluster.caughtUp();
    const back = await answered('replica', 'ok');
    expect((await call({ url: '/api/v1/catalog/search?q=coupling' })).statusCode).toBe(200);
    expect(await answered('replica', 'ok')).toBeGreaterThan(back);

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it('runs a query the replica cancels for a conflict with recovery again on the primary', async () => {
    await cluster.query('primary', 'create table scratch as select generate_series(1, 1000) as n');
    await cluster.caughtUp();
    const before = await answered('primary', 'conflict');
    // Holds a snapshot on the replica for 2 s, while the primary deletes and vacuums rows it could see.
    // (A Drizzle query runs once awaited: started now, inside the function.)
    const slow = (async () =>
      replica.db.execute<{ n: number }>(
        sql`select (select count(*)::int from scratch) as n, pg_sleep(2)::text`,
      ))();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await cluster.query('primary', 'delete from scratch where n > 10');
    await cluster.query('primary', 'vacuum scratch');
    const { rows } = await slow;
    // Answered, by the primary, after the delete: the replica's answer would have been 1,000.
    expect(rows[0]?.n).toBe(10);
    expect(await answered('primary', 'conflict')).toBe(before + 1);
    expect(replica.up).toBe(true);
  });

  it('bounds the lag of changes no one notifies: past maxLagMs a lagging replica answers nothing', async () => {
    const product = await createProduct(app, { availableQuantity: 10 });
    await cluster.caughtUp();
    const bounded = await openReadReplica({
      url: cluster.replicaUrl,
      primary: database.db,
      timeoutMs: 4000,
      maxLagMs: 1000,
    });
    try {
      const stock = async () =>
        (
          await bounded.db.execute<{ n: number }>(
            sql`select available_quantity as n from products where id = ${product.id}`,
          )
        ).rows[0]?.n;
      await cluster.pauseReplay();
      await cluster.query('primary', 'update products set available_quantity = 9 where id = $1', [
        product.id,
      ]);
      expect(await stock()).toBe(10);
      // Within one tick the primary's position is taken and the paused replica is behind it.
      await expect.poll(stock, { timeout: 5000, interval: 100 }).toBe(9);
    } finally {
      await cluster.resumeReplay();
      await bounded.close();
    }
  });
});
