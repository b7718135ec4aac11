import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../e2e/support/free-port.ts';
import { demoCatalogReady } from '../../scripts/demo-catalog-ready.mjs';
import { createDatabase, databaseUrl, dropDatabase, testDatabaseName } from './test-databases.ts';

/**
 * The real entry points. `npm test` builds first and sets PP_TEST_BUILT_SERVER=1: the tests then
 * run the build, as `npm start` does (a start through tsx costs ~6 s more CPU, and a pass starts
 * ~50 servers and CLIs). Without it (one test file run by hand), the source through tsx.
 */
const builtEntries = process.env.PP_TEST_BUILT_SERVER === '1';
const entryOf = (name: 'server' | 'cli') =>
  builtEntries
    ? [join(import.meta.dirname, `../dist/${name}.js`)]
    : ['--import', 'tsx', join(import.meta.dirname, `../src/${name}.ts`)];
export const serverEntry = entryOf('server');
export const cliEntry = entryOf('cli');

/**
 * Real server processes for the robustness tests (kill -9, SIGTERM, database outages, backups):
 * the real entry point, on a free port, with its own DATA_DIR or database.
 */

export { postgresBaseUrl } from './test-databases.ts';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process wrote (logs and stderr) so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

export interface StartOptions {
  dataDir: string;
  /** PostgreSQL; without it the server uses PGlite in `dataDir`. */
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /**
   * Answer once the whole demo catalog is in, not as soon as /health answers: a first start opens
   * its port with the newest 500 parts (all most tests read) and loads the rest while it serves,
   * ~20-60 s under CI's load (tests/first-start-seeding.test.ts covers that path).
   */
  wholeDemoCatalog?: boolean;
}

/**
 * The demo catalog of the servers tests start: two seed steps (one before the port opens, one
 * after), not the 10,000 parts a user's first start loads, which every such server went on
 * seeding while its test ran (first-start-seeding and pglite-memory ask for the whole one).
 */
export const TEST_DEMO_PARTS = 1000;

/**
 * For the race tests, which queue 50 writers for a handful of rows through two processes: the
 * pool's 4 s bound (decision 015) is proved by the fault tests' own servers; here it turned a busy
 * 2-core CI machine's queue into 503s meant for a database that stopped answering (six of 50
 * checkouts in stop 59's CI), as test/helper.ts says for the in-process tests.
 */
export const RACE_DATABASE_TIMEOUT_MS = '20000';

export function serverEnv({ dataDir, databaseUrl, env }: StartOptions, port: number) {
  const url = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'true',
    DEMO_CATALOG_PARTS: String(TEST_DEMO_PARTS),
    AUTH_SECRET: 'robustness-tests-secret-0123456789abcdef',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    ...env,
  };
}

/** Starts a server and answers once /health says it is up (throws if it exits first). */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const server = spawnServer(options, options.port ?? (await freePort()));
  await waitUntilHealthy(server, options.wholeDemoCatalog);
  return server;
}

/** Starts a server process without waiting for it. */
export function spawnServer(options: StartOptions, port: number): ServerProcess {
  const child = spawn('node', serverEntry, {
    env: serverEnv(options, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  // Logs (warnings and errors at LOG_LEVEL=warn) go to stdout; both help when a test fails.
  const keep = (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  running.add(child);
  void exited.then(() => running.delete(child));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => stderr, exited };
}

export async function waitUntilHealthy(server: ServerProcess, wholeDemoCatalog = false) {
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}: ${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/v1/health`, { signal: AbortSignal.timeout(5000) });
      // A first start loads most of its demo catalog after the port opens.
      if (res.ok) return wholeDemoCatalog ? await demoCatalogReady(server.url) : undefined;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${server.output()}`);
}

const running = new Set<ChildProcess>();

/** The `cookie` header a browser would send back after this answer. */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** SIGTERM, and answers the exit code (SIGKILL if it has not exited after a minute). */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

/** For afterAll: no process a test started outlives the file. */
export async function killAllServers() {
  const children = [...running];
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((r) => child.once('exit', r)),
    ),
  );
}

/** Temporary folders that `removeTempDirs` deletes afterwards. */
const dirs: string[] = [];
export function tempDir(prefix = 'pp-robust-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
export function removeTempDirs() {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A new, empty PostgreSQL database; `drop()` removes it (even with connections left). */
export async function createPostgresDatabase(prefix = 'pp_robust') {
  const name = testDatabaseName(prefix);
  await createDatabase(name).catch((error: Error) => {
    throw new Error(`needs PostgreSQL: set DATABASE_URL (${error.message})`);
  });
  return { name, url: databaseUrl(name), drop: () => dropDatabase(name) };
}
