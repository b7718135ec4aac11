import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../e2e/support/free-port.ts';
import { parseLsn } from '../src/db/read-replica.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL primary and a streaming replica of it, each a cluster of its own in a temporary
 * directory on a free port (decision 025's test): `initdb`, `pg_basebackup -R`, two `pg_ctl
 * start`s. PostgreSQL refuses to run as root, so as root the clusters belong to `postgres`.
 */
export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** One statement on the primary or on the replica, on a connection of its own. */
  query<T>(on: 'primary' | 'replica', text: string, values?: unknown[]): Promise<T[]>;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has replayed everything the primary has flushed now. */
  caughtUp(): Promise<void>;
  /** `pg_ctl stop -m immediate`: the replica dies as in a crash. */
  stopReplica(): Promise<void>;
  /** Starts the replica again (nothing when it runs). */
  startReplica(): Promise<void>;
  /** Stops both clusters and removes their files (also after a failed start). */
  close(): Promise<void>;
}

/** The PostgreSQL server programs, or why the test cannot build its clusters. */
export function findPostgresPrograms(): { bin: string } | { missing: string } {
  const candidates = [process.env.PG_BIN ?? ''];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {}
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  const programs = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'];
  const bin = candidates.find((dir) => dir && programs.every((p) => existsSync(join(dir, p))));
  if (!bin)
    return {
      missing: `no PostgreSQL server programs (${programs.join(', ')}) in PG_BIN, pg_config --bindir or /usr/lib/postgresql/*/bin`,
    };
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return { missing: 'running as root and there is no user "postgres" to run PostgreSQL as' };
    }
  }
  return { bin };
}

const USER = 'pp';

export async function startReplicaCluster(bin: string): Promise<ReplicaCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'pp-replica-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  /**
   * A PostgreSQL program, as `postgres` when we are root; in the temporary directory, since
   * `postgres` may not read the checkout's (a clone under /root).
   */
  const pgRun = (program: string, args: string[]) => {
    const how = { timeout: 30_000, cwd: dir };
    return asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], how)
      : run(join(bin, program), args, how);
  };
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const started = new Set<string>();
  // On the replica, a query in the way of replay for 100 ms is cancelled (a conflict with
  // recovery, which the tests provoke); the default waits 30 s.
  const options = (port: number) =>
    `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_standby_streaming_delay=100ms`;
  const start = async (data: string, port: number) => {
    if (started.has(data)) return;
    await pgRun('pg_ctl', ['-D', data, '-o', options(port), '-l', `${data}.log`, '-w', 'start']);
    started.add(data);
  };
  const stop = async (data: string) => {
    started.delete(data);
    await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };
  const close = async () => {
    for (const data of [...started]) await stop(data);
    rmSync(dir, { recursive: true, force: true });
  };

  const urlOf = (port: number) => `postgres://${USER}@127.0.0.1:${port}/shop`;
  const query = async <T>(on: 'primary' | 'replica', text: string, values: unknown[] = []) => {
    const client = new pg.Client(urlOf(on === 'primary' ? primaryPort : replicaPort));
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end().catch(() => {});
    }
  };

  try {
    // Trust on loopback (initdb's -A), replication included: the clusters live only this long.
    await pgRun('initdb', ['-D', primaryDir, '-A', 'trust', '-U', USER, '--no-sync', '-E', 'UTF8']);
    await start(primaryDir, primaryPort);
    const admin = new pg.Client(`postgres://${USER}@127.0.0.1:${primaryPort}/postgres`);
    await admin.connect();
    await admin.query('create database shop');
    await admin.end();
    const backup = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', USER, '-D', replicaDir];
    await pgRun('pg_basebackup', [...backup, '-R', '-X', 'stream', '-c', 'fast']);
    await start(replicaDir, replicaPort);
    await waitFor(async () => {
      const rows = await query<{ state: string }>(
        'primary',
        'select state from pg_stat_replication',
      );
      return rows[0]?.state === 'streaming';
    }, 'the replica to stream');
  } catch (error) {
    const logs = ['primary.log', 'replica.log']
      .map((name) => join(dir, name))
      .filter(existsSync)
      .map((file) => readFileSync(file, 'utf8').slice(-2000))
      .join('\n');
    await close();
    throw new Error(`the replica cluster did not start: ${(error as Error).message}\n${logs}`);
  }

  return {
    primaryUrl: urlOf(primaryPort),
    replicaUrl: urlOf(replicaPort),
    query,
    pauseReplay: async () => {
      await query('replica', 'select pg_wal_replay_pause()');
      await waitFor(async () => {
        const [row] = await query<{ state: string }>(
          'replica',
          'select pg_get_wal_replay_pause_state() as state',
        );
        return row?.state === 'paused';
      }, 'replay to pause');
    },
    resumeReplay: async () => {
      await query('replica', 'select pg_wal_replay_resume()');
    },
    caughtUp: async () => {
      const [target] = await query<{ lsn: string }>(
        'primary',
        'select pg_current_wal_flush_lsn()::text as lsn',
      );
      await waitFor(async () => {
        const [row] = await query<{ lsn: string | null }>(
          'replica',
          'select pg_last_wal_replay_lsn()::text as lsn',
        );
        return parseLsn(row?.lsn ?? '0/0') >= parseLsn(target?.lsn ?? '0/0');
      }, 'the replica to catch up');
    },
    stopReplica: () => stop(replicaDir),
    startReplica: () => start(replicaDir, replicaPort),
    close,
  };
}

async function waitFor(done: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await done().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
