import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cliEntry,
  cookieOf,
  createPostgresDatabase,
  killAllServers,
  removeTempDirs,
  serverEnv,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';
import { startReceiver } from './webhook-receiver.ts';

/**
 * Issue 34: `kill -9` of a server process while its worker is posting webhooks loses no event.
 * Real server processes on PGlite (DATA_DIR on disk) and PostgreSQL; the receiver answers slowly,
 * so posts are in flight when the process dies. The restarted process posts what was leased and
 * never recorded once the lease (2 × WEBHOOK_TIMEOUT_MS + 1 s) runs out: at least once.
 */
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const drop of drops) await drop();
  removeTempDirs();
});

const webhookEnv = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_WORKER_INTERVAL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_RETRY_MAX_MS: '500',
  WEBHOOK_CONCURRENCY: '4',
  WEBHOOK_WORKER_BATCH: '8',
};

const post = (url: string, path: string, body: unknown, cookie?: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

function makeAdmin(where: { dataDir: string; databaseUrl?: string }, email: string) {
  const child = spawn('node', [...cliEntry, 'make-admin', email], {
    env: serverEnv({ ...where }, 0),
    stdio: 'ignore',
  });
  return new Promise<number | null>((resolve) => child.once('exit', resolve));
}

describe.each(['pglite', 'postgres'] as const)('webhooks on %s', (kind) => {
  it('kill -9 mid-delivery loses no event: every acknowledged order is delivered after a restart', async () => {
    const where: { dataDir: string; databaseUrl?: string } = { dataDir: tempDir() };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase('pp_hooks');
      drops.push(database.drop);
      where.databaseUrl = database.url;
    }
    const receiver = await startReceiver();
    const admin = {
      name: 'Hooks Admin',
      email: `hooks-admin-${Date.now()}@example.com`,
      password: 'secret123',
    };

    // The admin: signed up, then made admin by the command line (the server stopped on PGlite).
    const first = await startServer({ ...where, env: webhookEnv });
    expect((await post(first.url, '/api/v1/auth/sign-up/email', admin)).status).toBe(200);
    expect(await stopServer(first)).toBe(0);
    expect(await makeAdmin(where, admin.email)).toBe(0);

    const server = await startServer({ ...where, port: first.port, env: webhookEnv });
    const adminCookie = cookieOf(await post(server.url, '/api/v1/auth/sign-in/email', admin));
    const made = await post(
      server.url,
      '/api/v1/admin/webhooks',
      { url: receiver.url, events: ['order.created'] },
      adminCookie,
    );
    expect(made.status, await made.clone().text()).toBe(200);

    const buyer = {
      name: 'Hook Buyer',
      email: `hook-buyer-${Date.now()}@example.com`,
      password: 'secret123',
    };
    const buyerCookie = cookieOf(await post(server.url, '/api/v1/auth/sign-up/email', buyer));
    const read = async <T>(path: string): Promise<T> => {
      const body = (await (await fetch(`${server.url}${path}`)).json()) as { data?: T } | T;
      return ((body as { data?: T }).data ?? body) as T;
    };
    const tools = await read<{ _id: string }[]>('/api/v1/tools?limit=100');
    const products = await Promise.all(
      tools.map(({ _id }) =>
        read<{ _id: string; availableQuantity: number; minimumOrderQuantity: number }>(
          `/api/v1/tools/${_id}`,
        ),
      ),
    );
    const orderable = (p: (typeof products)[number]) =>
      p.availableQuantity / p.minimumOrderQuantity;
    const product = products.sort(
      (a, b) => orderable(b) - orderable(a),
    )[0] as (typeof products)[number];

    // Slow answers: posts are in flight when the process is killed.
    receiver.delayMs = 150;
    const acknowledged: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await post(
        server.url,
        '/api/v1/purchase',
        { toolId: product._id, quantity: product.minimumOrderQuantity },
        buyerCookie,
      );
      if (res.status === 200)
        acknowledged.push(((await res.json()) as { data: { insertedId: string } }).data.insertedId);
    }
    expect(acknowledged.length).toBeGreaterThan(10);
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(2);
    server.child.kill('SIGKILL');
    await server.exited;
    const beforeRestart = receiver.received.length;
    receiver.delayMs = 0;

    const again = await startServer({ ...where, port: first.port, env: webhookEnv });
    const delivered = () =>
      new Set(
        receiver.received
          .filter((r) => r.status === 200)
          .map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id),
      );
    await expect
      .poll(() => acknowledged.filter((id) => !delivered().has(id)).length, { timeout: 60_000 })
      .toBe(0);
    const eventIds = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    console.info(
      `[webhooks kill -9 on ${kind}] ${acknowledged.length} orders acknowledged, ${beforeRestart} posts before the kill, ${receiver.received.length} in all, ${eventIds.length - new Set(eventIds).size} posted again (at least once)`,
    );
    expect(await stopServer(again), again.output()).toBe(0);
  }, 300_000);
});
