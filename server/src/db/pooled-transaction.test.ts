import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { postgresBaseUrl } from '../../test/server-process.ts';
import { releasePooledConnectionsOnFailedTransactions } from './pooled-transaction.ts';

/**
 * A pool of one connection on the real PostgreSQL, whose connections fail the statements that
 * `failing` picks, as a connection cut under them does. With drizzle's own `transaction()`, the
 * first test's second transaction waits forever for the one connection that a failed BEGIN kept.
 */
releasePooledConnectionsOnFailedTransactions();

const pools: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

function poolOfOne(failing: (text: string) => boolean) {
  const pool = new pg.Pool({ connectionString: postgresBaseUrl, max: 1 });
  pools.push(pool);
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : (first as { text: string }).text;
      if (failing(text)) return Promise.reject(new Error('Connection terminated unexpectedly'));
      return query(...args);
    };
  });
  return { pool, db: drizzle(pool) };
}

it('gives the connection back when BEGIN fails, so the next transaction gets it', async () => {
  let begins = 0;
  const { pool, db } = poolOfOne((text) => text === 'begin' && ++begins === 1);
  let ran = false;
  await expect(
    db.transaction(async () => {
      ran = true;
    }),
  ).rejects.toThrow(/begin/);
  expect(ran).toBe(false);
  // The failed connection is not trusted again: destroyed, not idle.
  expect(pool.totalCount).toBe(0);
  const answer = await db.transaction(async (tx) => tx.execute(sql`select 1 as one`));
  expect(answer.rows).toEqual([{ one: 1 }]);
  expect(pool.idleCount).toBe(1);
});

it('drops a connection whose ROLLBACK failed, and answers the transaction’s own error', async () => {
  const { pool, db } = poolOfOne((text) => text === 'rollback');
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      throw new Error('out of stock');
    }),
  ).rejects.toThrow('out of stock');
  expect(pool.totalCount).toBe(0);
  const answer = await db.transaction(async (tx) => tx.execute(sql`select 2 as two`));
  expect(answer.rows).toEqual([{ two: 2 }]);
});

it('keeps a connection whose transaction was rolled back cleanly, and commits as before', async () => {
  const { pool, db } = poolOfOne(() => false);
  await expect(
    db.transaction(async () => {
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(pool.idleCount).toBe(1);
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table if not exists kept (n int)`);
    await tx.execute(sql`insert into kept values (1)`);
  });
  const { rows } = await db.execute(sql`select count(*)::int as n from kept`);
  expect(rows).toEqual([{ n: 1 }]);
  await db.transaction(async (tx) => tx.execute(sql`select 1`), { isolationLevel: 'serializable' });
});
