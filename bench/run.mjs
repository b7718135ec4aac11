// `npm run bench`: load benchmarks of the built server on this machine, against the machine's
// own ceiling (a bare Fastify answering constant JSON). Results: bench/results/<timestamp>.json
//   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';

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

async function startShop() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  };
  delete env.DATABASE_URL;
  const child = spawn('node', ['server/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url, dataDir };
}

const results = [];

// The ceiling: bare Fastify in this process, constant JSON.
const bare = Fastify();
bare.get('/', async () => ({ success: true, data: { status: 'ok' } }));
await bare.listen({ port: 0, host: '127.0.0.1' });
results.push(
  summary(
    await load(
      `http://127.0.0.1:${bare.server.address().port}/`,
      'ceiling: bare Fastify constant JSON',
    ),
  ),
);
await bare.close();

const shop = await startShop();
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
rmSync(shop.dataDir, { recursive: true, force: true });

const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  settings: { seconds, connections, database: 'pglite' },
  memory: {
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
  `memory: ${report.memory.serverRssIdleMb} MB idle, ${report.memory.serverRssAfterLoadMb} MB after load; written ${file}`,
);
