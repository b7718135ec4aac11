import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { StartupError } from '../errors.ts';
import { BACKUP_SIGNAL, backupRequestsDir } from './backup-requests.ts';
import { ensureWritable } from './client.ts';
import { acquireDataDirLock, liveLockOwner } from './data-dir-lock.ts';
import { pgliteOptions } from './pglite-settings.ts';

/**
 * `npm run cli -- backup <file>` / `restore <file>` (docs/decisions/011): the embedded database
 * with PGlite's own dumpDataDir / loadDataDir, PostgreSQL with pg_dump / pg_restore.
 */
export async function backupDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  file: string;
}) {
  const target = resolve(options.file);
  if (options.databaseUrl) return pgDump(options.databaseUrl, target);
  const owner = liveLockOwner(options.dataDir);
  if (owner) return askRunningServer(options.dataDir, owner, target);
  if (!existsSync(join(options.dataDir, 'pglite', 'PG_VERSION')))
    throw new StartupError(`DATA_DIR ${options.dataDir} holds no database to back up`);
  const release = acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create(join(options.dataDir, 'pglite'), pgliteOptions);
    try {
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(target, new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    await release();
  }
}

export async function restoreDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  file: string;
}) {
  const source = resolve(options.file);
  if (!existsSync(source)) throw new StartupError(`no backup file ${source}`);
  if (options.databaseUrl) return pgRestore(options.databaseUrl, source);
  const dir = join(options.dataDir, 'pglite');
  if (existsSync(join(dir, 'PG_VERSION')))
    throw new StartupError(
      `DATA_DIR ${options.dataDir} already holds a database; restore into an empty DATA_DIR (move this one away first)`,
    );
  // A DATA_DIR that does not exist yet is made (a raw ENOENT on server.lock before, issue 15).
  await ensureWritable(options.dataDir);
  const release = acquireDataDirLock(options.dataDir);
  try {
    const loadDataDir = new Blob([readFileSync(source)]);
    const client = await PGlite.create(dir, { ...pgliteOptions, loadDataDir });
    await client.query('select 1');
    await client.close();
  } finally {
    await release();
  }
}

/** The running server owns the embedded database: it writes the backup (backup-requests.ts). */
async function askRunningServer(dataDir: string, pid: number, target: string) {
  rmSync(target, { force: true });
  rmSync(`${target}.error`, { force: true });
  const request = join(backupRequestsDir(dataDir), `${randomUUID()}.json`);
  writeFileSync(`${request}.tmp`, JSON.stringify({ target }));
  // Renamed into place, so the server never reads half a request.
  renameSync(`${request}.tmp`, request);
  process.kill(pid, BACKUP_SIGNAL);
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (existsSync(target)) return;
    if (existsSync(`${target}.error`)) {
      const reason = readFileSync(`${target}.error`, 'utf8');
      rmSync(`${target}.error`, { force: true });
      throw new StartupError(`the server could not write the backup: ${reason}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  rmSync(request, { force: true });
  throw new StartupError(`the server (pid ${pid}) did not answer the backup request`);
}

/** Runs a PostgreSQL client tool; the password goes in PGPASSWORD, not on the command line. */
function run(command: string, args: string[], url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const result = spawnSync(command, [...args, `--dbname=${parsed.toString()}`], {
    encoding: 'utf8',
    env,
  });
  if (result.error)
    throw new StartupError(
      `cannot run ${command} (${result.error.message}); install the PostgreSQL client tools`,
    );
  if (result.status !== 0) throw new StartupError(`${command} failed: ${result.stderr.trim()}`);
}

function pgDump(url: string, target: string) {
  run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`], url);
}

async function pgRestore(url: string, source: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (rows[0].n > 0)
      throw new StartupError(
        'the database of DATABASE_URL is not empty; restore into a new, empty database',
      );
  } finally {
    await client.end();
  }
  run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', source], url);
}
