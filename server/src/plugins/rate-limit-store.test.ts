import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

/**
 * REDIS_URL keeps rate-limit counters in Redis (docs/decisions/012). Needs a Redis: REDIS_URL,
 * or the one at 127.0.0.1:6379; each run counts under its own key prefix.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
}

/** A port with nothing listening on it: connections are refused. */
async function closedPort() {
  const server = createServer();
  const port = await listen(server);
  await new Promise((r) => server.close(r));
  return port;
}

/** Ten wrong passwords for one account from one IP; answers the status codes. */
async function wrongPasswords(apps: TestApp[], email: string, ip: string) {
  const codes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const app = apps[i % apps.length] as TestApp;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/email',
      payload: { email, password: 'wrong-guess' },
      headers: { 'x-forwarded-for': ip },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('rate limits counted in Redis', async () => {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  await probe.connect().catch((error: Error) => {
    throw new Error(`needs Redis: set REDIS_URL (${error.message})`);
  });
  const prefix = `pp-test-${randomUUID()}:`;
  const settings = {
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_AUTH_PER_MINUTE: '5',
  };
  const a = await buildTestApp(settings);
  const b = await buildTestApp(settings);
  afterAll(async () => {
    const keys = await probe.keys(`${prefix}*`);
    if (keys.length) await probe.del(...keys);
    probe.disconnect();
  });

  it('two instances share one count: attempts alternating between them trip the limit at 5', async () => {
    const codes = await wrongPasswords([a, b], 'shared-count@example.com', '10.40.0.1');
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    expect(await probe.keys(`${prefix}rate-limit:*`)).not.toHaveLength(0);
  });
});

describe('Redis down: each process counts on its own, no 5xx, no wait', async () => {
  const held: Socket[] = [];
  // Accepts connections and never answers a command.
  const silent = createServer((socket) => held.push(socket));
  const silentPort = await listen(silent);
  afterAll(() => {
    for (const socket of held) socket.destroy();
    silent.close();
  });
  const refused = await buildTestApp({
    REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    RATE_LIMIT_AUTH_PER_MINUTE: '5',
  });
  const unanswered = await buildTestApp({
    REDIS_URL: `redis://127.0.0.1:${silentPort}`,
    RATE_LIMIT_AUTH_PER_MINUTE: '5',
  });

  it('REDIS_URL at a closed port: the limit still trips at 5, per process', async () => {
    const codes = await wrongPasswords([refused], 'redis-refused@example.com', '10.41.0.1');
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    expect((await refused.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('REDIS_URL at a server that accepts and never answers: the same, nothing waits on it', async () => {
    const codes = await wrongPasswords([unanswered], 'redis-silent@example.com', '10.42.0.1');
    expect(held.length).toBeGreaterThan(0);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
  });
});
