// The processes a benchmark runs: the built shop, the bare-Fastify ceiling, and a sampler of
// their resident memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Samples the resident memory of `pids` every 100 ms; `stop()` answers the peak (MB). */
export function sampleRss(pids) {
  let peak = 0;
  const take = () => {
    for (const pid of pids) peak = Math.max(peak, rssMb(pid));
  };
  take();
  const timer = setInterval(take, 100);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

async function waitUp(url, child, attempts = 600) {
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** The server's V8 heap cap, in MB (README, "Running in production"). */
export const SERVER_HEAP_MB = 192;

/** The built shop (`npm run build`), on PGlite in `dataDir` or on `databaseUrl`. */
export async function startShop({
  dataDir,
  databaseUrl,
  secret,
  demo = false,
  env: extra = {},
  port: wanted,
}) {
  const port = wanted ?? (await freePort());
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The bench's own bulk data only, unless a page should look like the shop (Lighthouse).
    SEED_DEMO: demo ? 'true' : 'false',
    AUTH_SECRET: secret,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // As the README's "Running in production" says to run it: V8's old space capped, so that the
  // heap is collected instead of growing lazily under load (decision 017's memory note).
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${SERVER_HEAP_MB}`, 'server/dist/server.js'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUp(`${url}/api/v1/health`, child);
  return { child, url, pid: child.pid };
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The machine's ceiling: bare Fastify in its own process answering constant JSON. */
export async function startCeiling() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ success: true, data: { status: 'ok' } })); await app.listen({ port: ${port}, host: '127.0.0.1' });`,
    ],
    { cwd: join(root, 'server'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}/`;
  await waitUp(url, child);
  return { child, url, pid: child.pid };
}
