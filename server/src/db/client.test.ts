import { userInfo } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseName } from '../../test/test-databases.ts';
import { openDatabase } from './client.ts';

/**
 * PostgreSQL ends idle connections on a restart, a failover or a `pg_terminate_backend`. The pool
 * reports that as an 'error' event, which throws out of the process when nobody listens: a
 * database restart would have taken the shop down. Runs on DATABASE_URL's server, or the local one.
 */
describe('PostgreSQL ends the pool’s idle connections', async () => {
  const baseUrl =
    process.env.DATABASE_URL ?? `postgres://${userInfo().username}@127.0.0.1:5432/postgres`;
  const name = testDatabaseName('pp_test');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  afterAll(async () => {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('the process carries on and the next query gets a new connection', async () => {
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // Several idle connections in the pool.
      await Promise.all(
        Array.from({ length: 4 }, () => handle.db.execute(sql`select pg_sleep(0.05)`)),
      );
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await vi.waitFor(async () => {
        const left = await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        expect(left.rows[0].n).toBe(0);
      });
      // The server has ended them; the pool hears of each end when its socket's close event runs,
      // which may come a tick after pg_stat_activity empties. A query sent on a connection in
      // that tick fails (57P01) like any query racing a restart; the pool must then answer from
      // a new connection, and the process must still be up.
      const again = await vi.waitFor(() => handle.db.execute(sql`select 41 + 1 as answer`));
      expect((again.rows[0] as { answer: number }).answer).toBe(42);
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
