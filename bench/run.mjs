// `npm run bench`: load benchmarks of the built server on this machine, against the machine's
// own ceiling (a bare Fastify answering constant JSON). Results: bench/results/<timestamp>.json
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL (PostgreSQL)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = join(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function load(url, title) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, title }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const summary = (r) => ({
  title: r.title,
  url: r.url,
  requestsPerSecond: Math.round(r.requests.average),
  latencyP50ms: r.latency.p50,
  latencyP99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
}

async function startShop(dataDir) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  };
  // PGlite by default; BENCH_DATABASE_URL=postgres://… measures the same server on PostgreSQL.
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else delete env.DATABASE_URL;
  const child = spawn('node', ['server/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url };
}

const results = [];

// The ceiling: bare Fastify in its own process (like the shop), constant JSON.
const ceilingPort = 3990;
const bare = spawn(
  'node',
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ success: true, data: { status: 'ok' } })); await app.listen({ port: ${ceilingPort}, host: '127.0.0.1' });`,
  ],
  { cwd: join(root, 'server'), stdio: 'inherit' },
);
for (let i = 0; i < 80; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${ceilingPort}/`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}
results.push(
  summary(await load(`http://127.0.0.1:${ceilingPort}/`, 'ceiling: bare Fastify constant JSON')),
);
bare.kill('SIGTERM');

// The first start creates and seeds the database (PGlite's initdb is the costly part); the
// numbers are taken on a restart, as a running shop is.
const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-'));
const firstStart = await startShop(dataDir);
const rssFirstStartKb = rssKb(firstStart.child.pid);
firstStart.child.kill('SIGTERM');
await new Promise((r) => firstStart.child.once('exit', r));
const shop = await startShop(dataDir);
const rssIdleKb = rssKb(shop.child.pid);
const tools = (await (await fetch(`${shop.url}/api/v1/tools?limit=6`)).json()).data;
for (const [title, path] of [
  ['health (database round trip)', '/api/v1/health'],
  ['featured products GET /tools?limit=6', '/api/v1/tools?limit=6'],
  ['one product GET /tools/{id}', `/api/v1/tools/${tools[0]._id}`],
  ['SPA index.html', '/'],
]) {
  results.push(summary(await load(`${shop.url}${path}`, title)));
}
const rssAfterKb = rssKb(shop.child.pid);
shop.child.kill('SIGTERM');
await new Promise((r) => shop.child.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  settings: {
    seconds,
    connections,
    database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
  },
  memory: {
    serverRssFirstStartMb: Math.round(rssFirstStartKb / 1024),
    serverRssIdleMb: Math.round(rssIdleKb / 1024),
    serverRssAfterLoadMb: Math.round(rssAfterKb / 1024),
  },
  results,
};
const file = join(root, 'bench', 'results', `${report.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.table(
  results.map(({ title, requestsPerSecond, latencyP50ms, latencyP99ms, non2xx, errors }) => ({
    title,
    requestsPerSecond,
    latencyP50ms,
    latencyP99ms,
    non2xx,
    errors,
  })),
);
console.log(
  `memory: ${report.memory.serverRssFirstStartMb} MB on the first start (initdb), ${report.memory.serverRssIdleMb} MB idle after a restart, ${report.memory.serverRssAfterLoadMb} MB after load; written ${file}`,
);
