// The processes a benchmark runs: the built shop, the bare-Fastify ceiling, and a sampler of
// their resident memory.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { demoCatalogReady } from '../../scripts/demo-catalog-ready.mjs';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
import { load } from './load.mjs';

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

/** CPU time (user + system) a process has used so far, in ms (from /proc: clock ticks of 10 ms). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU time (ms) every PostgreSQL process on this machine (the bench's cluster) uses from now
 * until `stop()`: each process's /proc time sampled every 100 ms, so a backend that exits meanwhile
 * counts up to its last sample.
 */
export function samplePostgresCpu() {
  const first = new Map();
  const last = new Map();
  const take = () => {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      } catch {
        continue; // gone meanwhile
      }
      const used = cpuMs(pid);
      if (!first.has(pid)) first.set(pid, used);
      last.set(pid, used);
    }
  };
  take();
  const started = new Set(first.keys());
  const timer = setInterval(take, 100);
  return {
    stop() {
      clearInterval(timer);
      take();
      let total = 0;
      // A process that started during the run counts from zero.
      for (const [pid, used] of last) total += used - (started.has(pid) ? first.get(pid) : 0);
      return total;
    },
  };
}

const MB = 2 ** 20;
/** A gauge of the server's own /metrics (prom-client's text format), in MB. */
const gaugeMb = (text, name) =>
  Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? 0) / MB;

/** The heap, ArrayBuffers and external memory of a shop, as its process counts them. */
export async function heapOf(shop) {
  try {
    const text = await (await fetch(shop.metricsUrl)).text();
    return {
      heapUsedMb: gaugeMb(text, 'proper_parts_nodejs_heap_size_used_bytes'),
      heapTotalMb: gaugeMb(text, 'proper_parts_nodejs_heap_size_total_bytes'),
      arrayBuffersMb: gaugeMb(text, 'proper_parts_nodejs_array_buffers_bytes'),
      externalMb: gaugeMb(text, 'proper_parts_nodejs_external_memory_bytes'),
    };
  } catch {
    return undefined;
  }
}

/**
 * Samples the resident memory of `shops` every 100 ms, and their heap and ArrayBuffers (their
 * /metrics, `process.memoryUsage()`) every 500 ms; `stop()` answers the peaks (MB) and the CPU
 * time the shops used meanwhile (ms).
 */
export function sampleMemory(shops) {
  const peak = { rssMb: 0, heapUsedMb: 0, heapTotalMb: 0, arrayBuffersMb: 0, externalMb: 0 };
  const cpuBefore = shops.reduce((sum, shop) => sum + cpuMs(shop.pid), 0);
  const takeRss = () => {
    for (const shop of shops) peak.rssMb = Math.max(peak.rssMb, rssMb(shop.pid));
  };
  const takeHeap = async () => {
    for (const shop of shops) {
      const heap = shop.metricsUrl ? await heapOf(shop) : undefined;
      for (const [key, value] of Object.entries(heap ?? {}))
        peak[key] = Math.max(peak[key], Math.round(value));
    }
  };
  takeRss();
  const rssTimer = setInterval(takeRss, 100);
  const heapTimer = setInterval(takeHeap, 500);
  return {
    async stop() {
      clearInterval(rssTimer);
      clearInterval(heapTimer);
      const cpu = shops.reduce((sum, shop) => sum + cpuMs(shop.pid), 0) - cpuBefore;
      takeRss();
      await takeHeap();
      return { ...peak, cpuMs: cpu };
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

/**
 * The Node flags the shop's process runs with: `npm start`'s (scripts/server-flags.mjs, decision
 * 026), then BENCH_SERVER_FLAGS, for the shop alone (`--cpu-prof --cpu-prof-dir=…`: Node refuses
 * a profile in NODE_OPTIONS, and there it would profile the bench too).
 */
export function shopNodeFlags(env = process.env) {
  const extra = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  return [...serverNodeFlags(env), ...extra];
}

/**
 * The built server a run measured, for its report: the commit, whether server/ or domain/ had
 * changes beside it, the bundle's hash and build time, and the Node flags it ran with
 * (NODE_OPTIONS too: a run with other flags is an experiment, and says so).
 */
export function builtServer() {
  const bundle = join(root, 'server', 'dist', 'server.js');
  const git = (...args) => spawnSync('git', args, { cwd: root }).stdout?.toString().trim();
  return {
    commit: git('rev-parse', '--short', 'HEAD'),
    dirty: Boolean(git('status', '--porcelain', '--', 'server', 'domain')),
    serverJs: createHash('sha256').update(readFileSync(bundle)).digest('hex').slice(0, 12),
    serverJsBuilt: statSync(bundle).mtime.toISOString(),
    nodeFlags: flagsOf({ ...process.env, DATABASE_URL: 'postgres' }),
    pgliteNodeFlags: flagsOf({ ...process.env, DATABASE_URL: '' }),
  };
}

const flagsOf = (env) => [...shopNodeFlags(env), process.env.NODE_OPTIONS ?? ''].join(' ').trim();

/** The report's words for `builtServer()`. */
export const builtServerLine = (build) =>
  `\`server/dist/server.js\` ${build.serverJs}, built ${build.serverJsBuilt.slice(0, 16).replace('T', ' ')} UTC, commit ${build.commit}${build.dirty ? ' with uncommitted changes in server/ or domain/' : ''}, Node flags \`${build.nodeFlags}\`${build.pgliteNodeFlags && build.pgliteNodeFlags !== build.nodeFlags ? ` (on PGlite \`${build.pgliteNodeFlags}\`)` : ''}`;

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
  // Its /metrics on a port of its own: the bench reads the heap and ArrayBuffers there.
  const metricsPort = await freePort();
  const env = {
    ...process.env,
    // No NODE_ENV, as `npm start` leaves it: the server takes `production` itself (it had run
    // React's development build while the bench set it).
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // `npm start`'s default (issue 32: the bench ran at `warn` and never saw what logging cost).
    LOG_LEVEL: 'info',
    // The bench's own bulk data only, unless a page should look like the shop (Lighthouse).
    SEED_DEMO: demo ? 'true' : 'false',
    AUTH_SECRET: secret,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // With the Node settings `npm start` gives it (scripts/server-flags.mjs, decision 026).
  // Its log lines go down a pipe, as to a log shipper: a process of their own that reads and
  // drops them. Read here, they took the load generator's event loop and CPU (issue 32), and the
  // logging's loss measured the bench as much as the shop.
  const shipper = spawn('cat', [], { stdio: ['pipe', 'ignore', 'inherit'] });
  const child = spawn(process.execPath, [...shopNodeFlags(env), 'server/dist/server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', shipper.stdin, 'inherit'],
  });
  // The pipe's write end is the server's alone: the shipper sees its end when the server exits.
  shipper.stdin.destroy();
  child.once('exit', () => shipper.kill());
  const url = `http://127.0.0.1:${port}`;
  await waitUp(`${url}/api/v1/health`, child);
  // A first start loads the demo catalog after the port opens (decision 034): measured once in.
  await demoCatalogReady(url);
  return { child, url, pid: child.pid, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
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

/** This process's CPU time (autocannon's, in the bench process) from a `process.cpuUsage()`, in ms. */
export const ownCpuMs = (usage) => (usage.user + usage.system) / 1000;

/**
 * The machine's ceiling in this run: a bare Fastify answering constant JSON under the same load,
 * its req/s and its server's CPU a request, and autocannon's (this process's) CPU a request.
 */
export async function measureCeiling({ connections, seconds, log = () => {} }) {
  const ceiling = await startCeiling();
  const cpuBefore = cpuMs(ceiling.pid);
  const ownBefore = process.cpuUsage();
  const result = await load({
    bases: [ceiling.url.replace(/\/$/, '')],
    path: '/',
    connections,
    seconds,
  });
  // Its CPU per request beside the shop's: a ratio a busy machine disturbs less than req/s.
  result.cpuMsPerRequest = (cpuMs(ceiling.pid) - cpuBefore) / result.requests;
  result.loadCpuMsPerRequest = ownCpuMs(process.cpuUsage(ownBefore)) / result.requests;
  await stop(ceiling.child);
  log(
    `ceiling ${result.requestsPerSecond} req/s, ${result.cpuMsPerRequest.toFixed(3)} ms CPU a request`,
  );
  return result;
}
