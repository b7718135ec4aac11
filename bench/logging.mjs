// The bench's "logging" group (issue 32): the same shop, database and calls at `npm start`'s
// default LOG_LEVEL=info (an access line a request, down a pipe) and at `warn` (none), side by
// side, on PGlite and on PostgreSQL, with the machine's ceiling measured in the same run. The
// loss is 1 - info/warn, in requests per second and in the server's CPU per request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgres } from './lib/databases.mjs';
import { load } from './lib/load.mjs';
import { cpuMs, startShop, stop } from './lib/processes.mjs';

const calls = [
  {
    key: 'tools',
    title: 'GET /api/v1/tools?limit=6 (a cached read)',
    path: '/api/v1/tools?limit=6',
  },
  { key: 'health', title: 'GET /api/v1/health (one database round trip)', path: '/api/v1/health' },
];

/** Rounds of the two levels, alternated (BENCH_LOG_ROUNDS, 5; 1 with --quick). */
const ROUNDS = Number(process.env.BENCH_LOG_ROUNDS ?? (process.argv.includes('--quick') ? 1 : 5));

/** One slice of load on one shop: its throughput and its server's CPU a request. */
async function slice(shop, call, { connections, seconds }) {
  const before = cpuMs(shop.pid);
  const result = await load({ bases: [shop.url], path: call.path, connections, seconds });
  return {
    requestsPerSecond: result.requestsPerSecond,
    cpuMsPerRequest: (cpuMs(shop.pid) - before) / result.requests,
    failed: result.non2xx + result.errors,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The two levels side by side, in ROUNDS rounds: each round starts a shop at each level together
 * on the same database (PGlite: a data directory each) and loads them in turn, never both at once,
 * in an order that alternates. A round's loss compares two slices seconds apart, so a machine whose
 * speed drifts (this one's ceiling read 9,000 and 25,000 req/s within minutes) weighs on both
 * alike; new processes each round, because one process can run 30% slower than another of the same
 * build for its whole life (layout, JIT). The median round is reported.
 */
async function compareLevels(where, { connections, seconds, secret }) {
  const results = Object.fromEntries(calls.map((call) => [call.key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['warn', 'info'] : ['info', 'warn'];
    const shops = {};
    const dirs = [];
    try {
      for (const level of order) {
        const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-log-'));
        dirs.push(dataDir);
        shops[level] = await startShop({
          dataDir,
          databaseUrl: where.url,
          secret,
          env: { LOG_LEVEL: level },
        });
      }
      for (const call of calls) {
        for (const level of order)
          await load({ bases: [shops[level].url], path: call.path, connections, seconds: 1 });
        const measured = {};
        for (const level of order)
          measured[level] = await slice(shops[level], call, { connections, seconds });
        results[call.key].push(measured);
      }
    } finally {
      for (const shop of Object.values(shops)) await stop(shop.child);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}

/** Answers rows `{ group: 'logging', database, key, title, info, warn, lossPercent, rounds }`. */
export async function loggingGroup({ hasPostgres, connections, seconds, secret, log }) {
  const rows = [];
  const databases = [['pglite', async () => ({ url: undefined, drop: async () => {} })]];
  if (hasPostgres) databases.push(['postgres', freshPostgres]);
  for (const [database, make] of databases) {
    const where = await make();
    try {
      const results = await compareLevels(where, { connections, seconds, secret });
      for (const call of calls) {
        const rounds = results[call.key];
        const losses = rounds.map((r) => 1 - r.info.requestsPerSecond / r.warn.requestsPerSecond);
        const at = (level, pick) => median(rounds.map((r) => r[level][pick]));
        const level = (name) => ({
          requestsPerSecond: Math.round(at(name, 'requestsPerSecond')),
          cpuMsPerRequest: at(name, 'cpuMsPerRequest'),
          failed: rounds.reduce((sum, r) => sum + r[name].failed, 0),
        });
        const info = level('info');
        const warn = level('warn');
        const lossPercent = Math.round(median(losses) * 100);
        rows.push({
          group: 'logging',
          database,
          key: call.key,
          title: call.title,
          info,
          warn,
          lossPercent,
          roundLossPercents: losses.map((loss) => Math.round(loss * 100)),
        });
        log(
          `logging ${database} ${call.key}: info ${info.requestsPerSecond} req/s (${info.cpuMsPerRequest.toFixed(3)} ms CPU), warn ${warn.requestsPerSecond} req/s (${warn.cpuMsPerRequest.toFixed(3)} ms CPU): ${lossPercent}% lost to logging (rounds: ${losses.map((l) => `${Math.round(l * 100)}%`).join(', ')})`,
        );
      }
    } finally {
      await where.drop();
    }
  }
  return rows;
}
