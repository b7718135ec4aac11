import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Real server processes for the tests that run several of them on one PostgreSQL database
 * (two-processes-cache, many-processes): started from the sources with tsx, on free ports.
 */
export const postgresBaseUrl =
  process.env.DATABASE_URL ?? `postgres://${userInfo().username}@127.0.0.1:5432/postgres`;
const entry = ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')];

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

/** Starts a server on `databaseUrl` with its own DATA_DIR; resolves once it answers /health. */
export async function startServer(
  databaseUrl: string,
  dir: string,
  secret: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('node', entry, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      AUTH_SECRET: secret,
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { child, url };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export const stopped = (child: ChildProcess) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(null);
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** The `cookie` header a browser would send back after this answer. */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A new database on the PostgreSQL server of `postgresBaseUrl`; `drop()` removes it. */
export async function freshPostgresDatabase(prefix: string) {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const onBase = async (statement: string) => {
    const admin = new pg.Client({ connectionString: postgresBaseUrl });
    await admin.connect().catch((error: Error) => {
      throw new Error(`needs PostgreSQL: set DATABASE_URL (${error.message})`);
    });
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onBase(`create database ${name}`);
  const url = new URL(postgresBaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onBase(`drop database if exists ${name} with (force)`),
  };
}
