import { afterAll, describe, expect, it } from 'vitest';
import { badOutcomes, prepareShop, startLoad, verifyShop } from './order-load.ts';
import {
  createPostgresDatabase,
  killAllServers,
  removeTempDirs,
  type ServerProcess,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';

/**
 * Issue 10, faults: the server killed (-9) or stopped (SIGTERM) while shoppers place, pay and
 * cancel orders. Real server processes on PGlite (DATA_DIR on disk) and on PostgreSQL.
 */
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const drop of drops) await drop();
  removeTempDirs();
});

async function storage(kind: 'pglite' | 'postgres') {
  const dataDir = tempDir();
  if (kind === 'pglite') return { dataDir };
  const database = await createPostgresDatabase();
  drops.push(database.drop);
  return { dataDir, databaseUrl: database.url };
}

describe.each(['pglite', 'postgres'] as const)('on %s', (kind) => {
  it('kill -9 under load loses no acknowledged order and no stock', async () => {
    const where = await storage(kind);
    const first = await startServer(where);
    const shop = await prepareShop(first.url);
    const load = startLoad(() => first.url, shop);
    await load.untilOrders(40);
    first.child.kill('SIGKILL');
    await first.exited;
    const report = await load.stop();
    expect(badOutcomes(report)).toEqual([]);

    const again = await startServer({ ...where, port: first.port });
    const { liveOrders } = await verifyShop(again.url, shop, report.orders.values());
    console.info(
      `[kill -9 on ${kind}] ${report.orders.size} orders acknowledged, ${report.outcomes.length} requests, ${liveOrders} live after restart`,
    );
    expect(await stopServer(again), again.output()).toBe(0);
  }, 240_000);

  it('SIGTERM under load: in-flight requests finish, new ones are refused cleanly, exit 0', async () => {
    const where = await storage(kind);
    const server: ServerProcess = await startServer(where);
    const shop = await prepareShop(server.url);
    const load = startLoad(() => server.url, shop);
    await load.untilOrders(40);
    const termAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const drainMs = Date.now() - termAt;
    const report = await load.stop();
    expect(code).toBe(0);
    // Nothing hung, no 5xx but a clean 503; a connection either refused or closed unused.
    expect(badOutcomes(report)).toEqual([]);
    const after = report.outcomes.filter((o) => o.at >= termAt).map((o) => o.outcome);
    const kinds = new Set(
      after.map((o) => (o.kind === 'answered' ? o.status : o.kind === 'dropped' ? o.code : o.kind)),
    );
    // Answered (503 "restarting" comes with Connection: close) or refused. A connection reset
    // or closed is allowed only for a request the server never read, on a connection still in
    // the accept queue when it stopped listening: the exact check below proves none was lost.
    const clean = [200, 409, 503, 'refused', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'];
    expect([...kinds].filter((k) => !clean.includes(k))).toEqual([]);
    expect(kinds.has('refused') || kinds.has(503)).toBe(true);

    const again = await startServer({ ...where, port: server.port });
    // Exact: every request the server took before it stopped got its answer, so every order in
    // the database was acknowledged, in the state the answer gave.
    await verifyShop(again.url, shop, report.orders.values(), { exact: true });
    console.info(
      `[SIGTERM on ${kind}] ${report.orders.size} orders acknowledged; drained and exited in ${drainMs} ms; after the signal: ${[...kinds].join(', ')}`,
    );
    expect(await stopServer(again), again.output()).toBe(0);
  }, 240_000);
});
