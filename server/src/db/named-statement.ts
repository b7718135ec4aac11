import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.ts';
import type {
  PGliteWithNamedStatements,
  TransactionWithNamedStatements,
} from './pglite-named-statements.ts';
import type { Queryable } from './queryable.ts';

/**
 * Runs a statement of fixed text under a name. On PostgreSQL each pooled connection parses and
 * plans it once and then only binds values: for the order statement that halved the database's
 * CPU per order (0.37 ms to 0.17 ms, pgbench, issue 9). PGlite too, in a transaction or not
 * (db/pglite-named-statements.ts). `text` must be the
 * same for every call with this `name`. (Behind PgBouncer in transaction mode, named statements
 * need its `max_prepared_statements`.)
 */
export async function queryNamed<T>(
  db: Queryable,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = clientOf(db);
  if (client instanceof pg.Pool || client instanceof pg.Client)
    return (await client.query({ name, text, values })).rows as T[];
  if ('queryNamed' in client) return client.queryNamed<T>(name, text, values);
  // A PGlite without named statements (a test's own): the statement as it is.
  return (await client.query<T>(text, values)).rows;
}

type Client =
  | pg.Pool
  | pg.Client
  | PGliteWithNamedStatements
  | TransactionWithNamedStatements
  | Pick<PGlite, 'query'>;

/**
 * The driver's client of a database, or of a transaction: its own pooled connection (a
 * `pg.PoolClient`) or PGlite's transaction. A statement inside a transaction (an
 * Idempotency-Key's, http/idempotency.ts) must run on it: on the pool it would run outside the
 * transaction, and on PGlite wait for it forever.
 */
function clientOf(db: Queryable): Client {
  const handle = db as unknown as { $client?: Client; session?: { client: Client } };
  const client = handle.$client ?? handle.session?.client;
  if (!client) throw new Error('queryNamed: neither a database nor a transaction');
  return client;
}

/** Whether `db` is a transaction: a failed statement has ended it, and it cannot run another. */
export function isTransaction(db: Database): boolean {
  return !(db as unknown as { $client?: unknown }).$client;
}

const dialect = new PgDialect();

/**
 * `queryNamed` for a statement written with drizzle's `sql` template: its text is the template's
 * (every `${value}` a parameter), so it must interpolate no SQL that changes from call to call (pg
 * refuses a name reused for another text). The checkout's statement: planning it took 0.7 ms of
 * the database's CPU per order, more than a third of its 1.5 ms of execution (bench checkout).
 */
export function queryNamedSql<T>(db: Queryable, name: string, query: SQL): Promise<T[]> {
  const { sql, params } = dialect.sqlToQuery(query);
  return queryNamed<T>(db, name, sql, params);
}
