import { existsSync, mkdirSync } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { StartupError } from '../errors.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { withNamedStatements } from './pglite-named-statements.ts';
import { initDataDirInChild, pgliteOptions } from './pglite-settings.ts';
import { copyPgliteTemplate } from './pglite-template.ts';
import { yieldBetweenQueries } from './pglite-turns.ts';
import { releasePooledConnectionsOnFailedTransactions } from './pooled-transaction.ts';
import { schema } from './schema.ts';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * Runs `work` on a connection without the pool's time bounds (decision 015): start-up work that
   * may take longer than a request may, such as seeding the demo catalog while the machine is busy.
   */
  withoutTimeouts<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** PGlite only: a gzipped tar of the data directory, taken between two queries (backups). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections now (the metrics report them). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** Where the committed SQL migrations are, both from `src/db` (tests) and from `dist` (built). */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const found = [resolve(here, '../../drizzle'), resolve(here, '../drizzle')].find((dir) =>
    existsSync(join(dir, 'meta')),
  );
  if (!found) throw new StartupError('Cannot find the migrations folder (server/drizzle)');
  return found;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite persists under `dataDir` (or in memory). */
  databaseUrl?: string;
  /** The PGlite data lives in `<dataDir>/pglite`; `undefined` means in memory (tests). */
  dataDir?: string;
  /** In memory only: start from this dump of an already migrated database (fast test set-up). */
  pgliteTemplate?: Blob;
  /** PostgreSQL: the longest a query may take, waiting for a connection included (`DATABASE_TIMEOUT_MS`). */
  timeoutMs?: number;
}

/** The default bound on a query: a caller gets its 503 within 5 s of a database that hangs. */
export const DEFAULT_DATABASE_TIMEOUT_MS = 4000;

/** Opens the database, applies the migrations and answers once it is ready. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    return openPostgres(
      options.databaseUrl,
      folder,
      options.timeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS,
    );
  }
  return openPglite(options.dataDir, folder, options.pgliteTemplate);
}

/**
 * Every wait on PostgreSQL is bounded (decision 015): a database that stops answering (frozen,
 * or a network partition that drops packets instead of refusing them) gets no socket error, so
 * without these a request waits for the kernel's TCP timeout. Within `timeoutMs`, whichever
 * comes first: no free connection in the pool, no connection made, the server cancels the
 * statement, or the client gives up on the answer. Keepalive probes find a dead peer of an idle
 * connection.
 */
export function poolSettings(url: string, timeoutMs: number): pg.PoolConfig {
  return {
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: Math.max(250, Math.round(timeoutMs / 2)),
    statement_timeout: Math.max(200, timeoutMs - 500),
    query_timeout: timeoutMs,
    idle_in_transaction_session_timeout: timeoutMs * 2,
    keepAlive: true,
    keepAliveInitialDelayMillis: 1000,
    // JIT compiles a plan's expressions for each statement (40 ms on a catalog search at 10^6
    // products, more than the query without it): worth it for reports, not for a shop's requests.
    options: '-c jit=off',
  };
}

/** Keeps a lost connection from ending the process; the pool then opens a new one. */
export function listenForPoolErrors(pool: pg.Pool) {
  // An idle connection the server ended (a restart, a failover, a dropped database) is an 'error'
  // on the pool, which throws if no one listens. The pool has already let go of that connection
  // and opens a new one for the next query.
  pool.on('error', () => {});
  // A connection lost while checked out between two statements (inside a transaction: a cancel,
  // a saved list) is an 'error' on its client, which the pool no longer listens to: unheard, it
  // ends the process. Heard, the transaction's next statement fails (503) and the pool drops the
  // connection on release (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => {}));
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  timeoutMs: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool(poolSettings(url, timeoutMs));
  listenForPoolErrors(pool);
  releasePooledConnectionsOnFailedTransactions();
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StartupError(
      `Cannot reach PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  await migrateOnce(url, migrationsFolder);
  const withoutTimeouts = async <T>(work: (db: Database) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('error', () => {});
    await client.connect();
    try {
      return await work(drizzlePostgres(client, { schema }) as unknown as Database);
    } finally {
      await client.end().catch(() => {});
    }
  };
  return {
    db,
    kind: 'postgres',
    withoutTimeouts,
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Any fixed number, the same in every process of this app: the key of the migration lock. */
const MIGRATION_LOCK_KEY = 7_140_001;

/**
 * Servers starting together on one database (replicas, a rolling deploy) would each run the
 * migrations and fail on each other's tables. The first takes a session advisory lock and
 * migrates; the others wait on the lock, then find nothing left to apply. Migrations run on a
 * connection of their own, without the pool's timeouts: building an index may take minutes.
 */
async function migrateOnce(url: string, migrationsFolder: string) {
  const holder = new pg.Client({ connectionString: url, keepAlive: true });
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres(holder, { schema }), { migrationsFolder });
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await holder.end().catch(() => {});
  }
}

async function openPglite(dataDir: string | undefined, migrationsFolder: string, template?: Blob) {
  let release = async () => {};
  let client: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir, 'pglite');
    await ensureWritable(dataDir);
    release = acquireDataDirLock(dataDir);
    try {
      // A new cluster: the build's migrated template (decision 034), else initdb.
      if (!copyPgliteTemplate(dir, migrationsFolder)) await initDataDirInChild(dir);
      client = await PGlite.create(dir, pgliteOptions);
    } catch (error) {
      await release();
      throw new StartupError(`Cannot open the database in ${dir}: ${(error as Error).message}`);
    }
  } else {
    client = await PGlite.create(
      template ? { ...pgliteOptions, loadDataDir: template } : pgliteOptions,
    );
  }
  const db = drizzlePglite(yieldBetweenQueries(withNamedStatements(client)), { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite' as const,
    withoutTimeouts: <T>(work: (db: Database) => Promise<T>) => work(db),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/**
 * Creates `path` one folder at a time. Node's `mkdirSync(…, { recursive: true })` never returns
 * for some paths (under /proc, seen on Node 20), and a start must fail, not hang.
 */
function makeDirectory(path: string) {
  const missing: string[] = [];
  for (let dir = resolve(path); !existsSync(dir); dir = dirname(dir)) {
    missing.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of missing) mkdirSync(dir);
}

/** Creates DATA_DIR (and its pglite folder) when missing; a clear StartupError when it cannot. */
export async function ensureWritable(dataDir: string) {
  try {
    makeDirectory(dataDir);
    await access(dataDir, constants.W_OK);
    makeDirectory(join(dataDir, 'pglite'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(
      `DATA_DIR ${resolve(dataDir)} is not writable (${reason}); set DATA_DIR to a folder this user can write`,
    );
  }
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
