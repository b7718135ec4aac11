// The databases a benchmark runs on: PGlite in a data directory, or a fresh PostgreSQL database.
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export const postgresBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  `postgres://${userInfo().username}@127.0.0.1:5432/postgres`;

export async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresBase });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function onBase(statement) {
  const client = new pg.Client({ connectionString: postgresBase });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database; `drop()` removes it. */
export async function freshPostgres() {
  const name = `pp_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await onBase(`create database ${name}`);
  const url = new URL(postgresBase);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Runs `work(query)` on one connection. */
    async with(work) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await work(async (sql, params) => (await client.query(sql, params)).rows);
      } finally {
        await client.end();
      }
    },
    drop: () => onBase(`drop database if exists ${name} with (force)`),
  };
}

/** The shop's PGlite data (`<dataDir>/pglite`), opened here only while the server is stopped. */
export function pgliteIn(dataDir) {
  return {
    async with(work) {
      // With the extension the shop's triggers and indexes use (pg_trgm, migration 0007).
      const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: { pg_trgm } });
      try {
        return await work(async (sql, params) => (await db.query(sql, params)).rows);
      } finally {
        await db.close();
      }
    },
  };
}

/** Stock left plus units ordered: the same before and after a purchase run, or units were oversold. */
export async function stockLedger(query) {
  // One statement, one snapshot: an order committing between two reads would look oversold.
  const [row] = await query(
    `select (select coalesce(sum(available_quantity), 0) from products)::text as stock,
            (select coalesce(sum(quantity), 0) from orders where status <> 'cancelled')::text as sold`,
  );
  return { stock: BigInt(row.stock), sold: BigInt(row.sold) };
}
