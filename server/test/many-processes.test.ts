import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieOf,
  createPostgresDatabase,
  killAllServers,
  removeTempDirs,
  type ServerProcess,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';

/**
 * Two real server processes on one PostgreSQL database, no proxy in front (issue 10, "many
 * processes"): stock, sessions and rate limits hold across them. Needs PostgreSQL (DATABASE_URL,
 * or the local one) and Redis (REDIS_URL, or 127.0.0.1:6379; counters under a fresh prefix).
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTH_PER_MINUTE = 5;
const BUYERS = 50;

describe('two server processes on one PostgreSQL, behind no proxy', () => {
  const prefix = `pp-many-${randomUUID()}:`;
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let db: pg.Client;
  let redis: Redis;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await redis.connect().catch((error: Error) => {
      throw new Error(`needs Redis: set REDIS_URL (${error.message})`);
    });
    database = await createPostgresDatabase('pp_many');
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_PER_MINUTE),
      SEED_DEMO: 'false',
    };
    const start = async () => {
      const server = await startServer({
        dataDir: tempDir('pp-many-'),
        databaseUrl: database?.url,
        env,
      });
      servers.push(server);
      return server;
    };
    // One after the other: the first migrates.
    a = await start();
    b = await start();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all(servers.map((s) => stopServer(s)));
    await killAllServers();
    removeTempDirs();
    await database?.drop();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  it(`${BUYERS} buyers racing through both processes for 10 units: exactly 10 sold, the rest 409`, async () => {
    const [product] = (
      await db.query(
        `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
         values ('Last Ten Gaskets', '/images/products/piston.svg', 'Ten left.', 1, 10, 990)
         returning id`,
      )
    ).rows as { id: string }[];
    // Buyers with sessions of known bearer tokens, straight in the database (no sign-in limits).
    const run = randomUUID().slice(0, 8);
    await db.query(
      `insert into "user" (id, name, email, email_verified)
         select 'racer-${run}-' || g, 'Racer ' || g, 'racer' || g || '-${run}@example.com', true
         from generate_series(1, ${BUYERS}) g`,
    );
    await db.query(
      `insert into session (id, token, user_id, expires_at)
         select 'racer-session-${run}-' || g, 'racer-token-${run}-' || g, 'racer-${run}-' || g,
                now() + interval '1 day'
         from generate_series(1, ${BUYERS}) g`,
    );
    const codes = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const res = await fetch(`${server.url}/api/v1/purchase`, {
          method: 'POST',
          headers: {
            authorization: `Bearer racer-token-${run}-${i + 1}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ toolId: product?.id, quantity: 1 }),
        });
        return res.status;
      }),
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(BUYERS - 10);
    const [ledger] = (
      await db.query(
        `select p.available_quantity as left, count(o.id)::int as orders,
                coalesce(sum(o.quantity), 0)::int as units
           from products p left join orders o on o.tool_id = p.id
          where p.id = $1 group by p.id`,
        [product?.id],
      )
    ).rows;
    expect(ledger).toEqual({ left: 0, orders: 10, units: 10 });
  });

  it('a sign-in on one process is a session on the other', async () => {
    const email = `both-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'secret123';
    const up = await fetch(`${a.url}/api/v1/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ name: 'Both Sides', email, password }),
    });
    expect(up.status).toBe(200);
    const signedIn = await fetch(`${a.url}/api/v1/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email, password }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    const onB = await fetch(`${b.url}/api/v1/profile/${email}`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: { email: string } }).data.email).toBe(email);
    const stranger = await fetch(`${b.url}/api/v1/profile/${email}`);
    expect(stranger.status).toBe(401);
  });

  it(`with REDIS_URL, wrong passwords alternating between the processes trip the limit at ${AUTH_PER_MINUTE}`, async () => {
    const email = `guessed-${randomUUID().slice(0, 8)}@example.com`;
    const codes: number[] = [];
    for (let i = 0; i < AUTH_PER_MINUTE + 3; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(`${server.url}/api/v1/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, password: 'wrong-guess' }),
      });
      codes.push(res.status);
    }
    // Per process alone, neither would have seen more than 4 attempts: no 429 at all.
    expect(codes.slice(0, AUTH_PER_MINUTE).every((c) => c === 401)).toBe(true);
    expect(codes.slice(AUTH_PER_MINUTE)).toEqual([429, 429, 429]);
    expect(await redis.keys(`${prefix}rate-limit:*`)).not.toHaveLength(0);
  });
});
