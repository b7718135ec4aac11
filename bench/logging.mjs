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

async function measureAt(level, where, { connections, seconds, secret }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-log-'));
  const shop = await startShop({
    dataDir,
    databaseUrl: where.url,
    secret,
    env: { LOG_LEVEL: level },
  });
  try {
    const rows = {};
    for (const call of calls) {
      await load({ bases: [shop.url], path: call.path, connections, seconds: 1 });
      const before = cpuMs(shop.pid);
      const result = await load({ bases: [shop.url], path: call.path, connections, seconds });
      rows[call.key] = {
        requestsPerSecond: result.requestsPerSecond,
        cpuMsPerRequest: (cpuMs(shop.pid) - before) / result.requests,
        failed: result.non2xx + result.errors,
      };
    }
    return rows;
  } finally {
    await stop(shop.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Answers rows `{ group: 'logging', database, key, title, info, warn, lossPercent }`. */
export async function loggingGroup({ hasPostgres, connections, seconds, secret, log }) {
  const rows = [];
  const databases = [['pglite', async () => ({ url: undefined, drop: async () => {} })]];
  if (hasPostgres) databases.push(['postgres', freshPostgres]);
  for (const [database, make] of databases) {
    const where = await make();
    try {
      // Alternated, twice, so that a machine's drift weighs on both levels alike.
      const runs = { info: [], warn: [] };
      for (const level of ['info', 'warn', 'warn', 'info']) {
        runs[level].push(await measureAt(level, where, { connections, seconds, secret }));
      }
      for (const call of calls) {
        const best = (level) =>
          runs[level]
            .map((r) => r[call.key])
            .sort((a, b) => b.requestsPerSecond - a.requestsPerSecond)[0];
        const info = best('info');
        const warn = best('warn');
        const lossPercent = Math.round((1 - info.requestsPerSecond / warn.requestsPerSecond) * 100);
        rows.push({
          group: 'logging',
          database,
          key: call.key,
          title: call.title,
          info,
          warn,
          lossPercent,
        });
        log(
          `logging ${database} ${call.key}: info ${info.requestsPerSecond} req/s (${info.cpuMsPerRequest.toFixed(3)} ms CPU), warn ${warn.requestsPerSecond} req/s (${warn.cpuMsPerRequest.toFixed(3)} ms CPU): ${lossPercent}% lost to logging`,
        );
      }
    } finally {
      await where.drop();
    }
  }
  return rows;
}
