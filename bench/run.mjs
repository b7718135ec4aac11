// `npm run bench`: load benchmarks of the built server (`npm run build` first) against the
// machine's own ceiling (bare Fastify answering constant JSON, measured in every group), on
// PGlite, PostgreSQL, and two processes on one PostgreSQL; then scaling (10k vs 100k products and
// orders) and Lighthouse. Writes bench/results/<date>.json and bench/results/latest.md.
//   --quick          a smaller data set, 2 s per endpoint, no scaling or Lighthouse (< 2 minutes)
//   BENCH_SECONDS    seconds per endpoint (10; 2 with --quick)
//   BENCH_CONNECTIONS (50)
//   BENCH_DATABASE_URL / DATABASE_URL: a PostgreSQL server to create bench databases on
//   BENCH_SERVER_FLAGS: Node flags for the shop's process only (a CPU profile of it:
//                    `--cpu-prof --cpu-prof-dir=/tmp/prof`)
//   BENCH_ONLY=logging,pglite,postgres,postgres-2,scaling,lighthouse: run only these parts
//                    (logging: the shop at LOG_LEVEL=info, its default, beside `warn`; every
//                    other part runs the shop at its default)
//   catalog          instead: the catalog's search on 10^6 products (bench/catalog.mjs)
//   checkout         instead: 20-line carts placed as orders, and one-line orders (bench/checkout.mjs)
//   price-lists      instead: a price list of 100,000 lines imported, exported and imported back
//   buyer-prices     instead: a company buyer's own prices at 10^6 products, 100,000-line list
//                    (bench/price-list-import.mjs)
//   stock            instead: the stock import of 10^6 lines, and 10^5 lines racing orders
//                    (bench/stock-import.mjs)
//   webhooks         instead: webhook delivery throughput on one process, and CPU per order with
//                    webhooks on vs off, 1,000 orders through a minute of receiver outage
//                    (bench/webhooks.mjs; BENCH_WEBHOOK_ONLY=outage for that part alone)
//   fitment          instead: the vehicle selector, search by vehicle and the fitment import on
//                    10^6 products and 10^7 fitments (bench/fitment.mjs)
//   sales            instead: the admin sales dashboard on 10^7 orders (bench/sales-dashboard.mjs)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { serverNodeFlags } from '../scripts/server-flags.mjs';
import {
  freshPostgres,
  pgliteIn,
  postgresBase,
  postgresReachable,
  stockLedger,
} from './lib/databases.mjs';
import { homePageJavaScript, lighthouseRuns } from './lib/front-end.mjs';
import { load } from './lib/load.mjs';
import {
  heapOf,
  measureCeiling as measureCeilingOf,
  ownCpuMs,
  root,
  rssMb,
  sampleMemory,
  startShop,
  stop,
} from './lib/processes.mjs';
import { writeReport } from './lib/report.mjs';
import { emailOf, seed, tokenOf } from './lib/seed.mjs';
import { loggingGroup } from './logging.mjs';

const quick = process.argv.includes('--quick');
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 10));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part) =>
  only ? only.includes(part) : !quick || !['scaling', 'lighthouse'].includes(part);
const sizes = quick
  ? { products: 2_000, users: 1_000, orders: 10_000, reviews: 1_000 }
  : { products: 10_000, users: 1_000, orders: 100_000, reviews: 10_000 };
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const started = Date.now();
const log = (line) => console.log(`[bench ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

if (
  !existsSync(join(root, 'server', 'dist', 'server.js')) ||
  !existsSync(join(root, 'web', 'dist', 'index.html'))
) {
  console.error('bench: build first (npm run build)');
  process.exit(1);
}

// `npm run bench -- catalog`: the catalog's search at 10^6 products (bench/catalog.mjs), alone.
if (process.argv.slice(2).includes('catalog')) {
  const { runCatalog } = await import('./catalog.mjs');
  await runCatalog();
  process.exit(0);
}

// `npm run bench -- fitment`: vehicle fitment at 10^7 rows on PostgreSQL (bench/fitment.mjs), alone.
if (process.argv.slice(2).includes('fitment')) {
  const { runFitment } = await import('./fitment.mjs');
  await runFitment();
  process.exit(0);
}

// `npm run bench -- sales`: the sales dashboard at 10^7 orders on PostgreSQL (bench/sales-dashboard.mjs), alone.
if (process.argv.slice(2).includes('sales')) {
  const { runSalesDashboard } = await import('./sales-dashboard.mjs');
  await runSalesDashboard();
  process.exit(0);
}

// `npm run bench -- webhooks`: webhook delivery and its cost per order (bench/webhooks.mjs), alone.
if (process.argv.slice(2).includes('webhooks')) {
  const { runWebhooks } = await import('./webhooks.mjs');
  await runWebhooks();
  process.exit(0);
}

// `npm run bench -- price-lists`: a 100,000-line price list by CSV, out and back (bench/price-list-import.mjs), alone.
if (process.argv.slice(2).includes('price-lists')) {
  const { runPriceListImport } = await import('./price-list-import.mjs');
  await runPriceListImport();
  process.exit(process.exitCode ?? 0);
}

// `npm run bench -- buyer-prices`: a company buyer's own prices at 10^6 products with a 100,000-line
// price list (bench/buyer-prices.mjs), alone.
if (process.argv.slice(2).includes('buyer-prices')) {
  const { runBuyerPrices } = await import('./buyer-prices.mjs');
  await runBuyerPrices();
  process.exit(process.exitCode ?? 0);
}

// `npm run bench -- stock`: the stock import at 10^6 lines and racing orders (bench/stock-import.mjs), alone.
if (process.argv.slice(2).includes('stock')) {
  const { runStockImport } = await import('./stock-import.mjs');
  await runStockImport();
  process.exit(process.exitCode ?? 0);
}

// `npm run bench -- checkout`: carts placed as orders on PostgreSQL (bench/checkout.mjs), alone.
if (process.argv.slice(2).includes('checkout')) {
  const { runCheckout } = await import('./checkout.mjs');
  await runCheckout();
  process.exit(0);
}

/** The hashed entry script the home page loads first. */
const entryAsset = readFileSync(join(root, 'web', 'dist', 'index.html'), 'utf8').match(
  /<script[^>]+src="(\/assets\/[^"]+\.js)"/,
)?.[1];

async function exists(base, path, init) {
  try {
    const res = await fetch(`${base}${path}`, init);
    return res.status !== 404;
  } catch {
    return false;
  }
}

/** What a group loads: each endpoint once, with its request set-up. */
async function endpointsOf(base, productIds) {
  const bearer = (n) => ({ authorization: `Bearer ${tokenOf(n)}` });
  const list = [
    {
      key: 'health',
      title: 'GET /api/v1/health (one database round trip)',
      path: '/api/v1/health',
    },
    {
      key: 'tools',
      title: 'GET /api/v1/tools?limit=6',
      path: '/api/v1/tools?limit=6',
      target: 'catalog',
    },
    {
      key: 'tool',
      title: 'GET /api/v1/tools/{id}',
      path: `/api/v1/tools/${productIds[0]}`,
      target: 'catalog',
    },
  ];
  if (await exists(base, '/api/v1/reviews?limit=6'))
    list.push({
      key: 'reviews',
      title: 'GET /api/v1/reviews',
      path: '/api/v1/reviews',
      target: 'catalog',
    });
  const purchaseProbe = await fetch(`${base}/api/v1/purchase`, {
    method: 'POST',
    headers: { ...bearer(2), 'content-type': 'application/json' },
    body: JSON.stringify({ toolId: productIds[1], quantity: 50 }),
  });
  if (purchaseProbe.status !== 404) {
    list.push({
      key: 'purchase',
      title: `POST /api/v1/purchase (signed in: ${connections} buyers, one a connection; 100 products)`,
      path: '/api/v1/purchase',
      method: 'POST',
      target: 'orders',
      // Each request: the next buyer and the next product (all with stock to spare). Buyers are as
      // many as connections, like customers at their screens; a first request per buyer checks
      // the session in the database, later ones come from memory (docs/decisions/008).
      request: (i) => ({
        headers: { ...bearer(2 + (i % connections)), 'content-type': 'application/json' },
        body: JSON.stringify({ toolId: productIds[i % productIds.length], quantity: 50 }),
      }),
    });
    list.push({
      key: 'myOrders',
      title: 'GET /api/v1/purchase/{email} (a customer with 100 orders)',
      path: `/api/v1/purchase/${emailOf(1)}`,
      request: () => ({ headers: bearer(1) }),
    });
  }
  // Pages and files as a browser asks for them: every browser sends Accept-Encoding.
  const asBrowser = () => ({ headers: { 'accept-encoding': 'br, gzip' } });
  list.push({
    key: 'index',
    title: 'GET / (index.html, br/gzip accepted)',
    path: '/',
    request: asBrowser,
  });
  if (entryAsset)
    list.push({
      key: 'asset',
      title: `GET ${entryAsset.replace(/-[\w-]+\.js$/, '-….js')} (hashed asset, br/gzip accepted)`,
      path: entryAsset,
      request: asBrowser,
    });
  return list;
}

const measureCeiling = () => measureCeilingOf({ connections, seconds, log });

/** Loads every endpoint on `shops` (one or two processes); answers one row per endpoint. */
async function loadEndpoints(group, shops, ledger) {
  const rows = [];
  const productIds = (
    await (await fetch(`${shops[0].url}/api/v1/tools?limit=100`)).json()
  ).data.map((t) => t._id);
  for (const endpoint of await endpointsOf(shops[0].url, productIds)) {
    const before = endpoint.key === 'purchase' && ledger ? await ledger() : undefined;
    const sampler = sampleMemory(shops);
    const ownBefore = process.cpuUsage();
    const result = await load({
      bases: shops.map((s) => s.url),
      path: endpoint.path,
      method: endpoint.method,
      request: endpoint.request,
      connections,
      seconds,
    });
    const loadCpu = ownCpuMs(process.cpuUsage(ownBefore));
    const memory = await sampler.stop();
    const row = {
      group,
      ...endpoint,
      ...result,
      peakRssMb: memory.rssMb,
      peakHeapUsedMb: memory.heapUsedMb,
      peakHeapTotalMb: memory.heapTotalMb,
      peakArrayBuffersMb: memory.arrayBuffersMb,
      peakExternalMb: memory.externalMb,
      // The shops' CPU time per request answered: much less sensitive to a busy machine than req/s.
      cpuMsPerRequest: result.requests ? memory.cpuMs / result.requests : undefined,
      // autocannon's own (this process), to compare with the ceiling's load on the same terms.
      loadCpuMsPerRequest: result.requests ? loadCpu / result.requests : undefined,
    };
    // Let answers still in flight land before the ledger and the next endpoint.
    await new Promise((r) => setTimeout(r, 1000));
    delete row.request;
    if (before) {
      const after = await ledger();
      row.oversoldUnits = Number(after.sold - before.sold - (before.stock - after.stock));
    }
    rows.push(row);
    log(
      `${group} ${endpoint.key}: ${row.requestsPerSecond} req/s p99 ${row.latencyP99ms} ms, ${row.non2xx + row.errors} failed, ${row.peakRssMb} MB (heap ${row.peakHeapUsedMb}, ArrayBuffers ${row.peakArrayBuffersMb}), ${row.cpuMsPerRequest?.toFixed(2)} ms CPU a request`,
    );
  }
  return rows;
}

const report = {
  date: new Date().toISOString(),
  quick,
  partial: Boolean(only),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 10) / 10),
  },
  settings: { seconds, connections, sizes, serverFlags: serverNodeFlags({}) },
  groups: [],
  results: [],
  scaling: [],
  frontEnd: undefined,
};

async function pgliteGroup() {
  const ceiling = await measureCeiling();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-'));
  // First start: initdb (in a child), migrations, the demo catalog. Then bulk data, then a restart.
  const first = await startShop({ dataDir, secret });
  const rssFirstStartMb = rssMb(first.pid);
  await stop(first.child);
  const seedMs = await pgliteIn(dataDir).with((query) => seed(query, sizes));
  log(`pglite seeded in ${seedMs} ms`);
  const shop = await startShop({ dataDir, secret });
  const rssIdleMb = rssMb(shop.pid);
  const idle = await heapOf(shop);
  // PGlite has one owner: its stock ledger is read after the server stops (below).
  const rows = await loadEndpoints('pglite', [shop], undefined);
  await stop(shop.child);
  const purchase = rows.find((r) => r.key === 'purchase');
  if (purchase) {
    // Every unit ordered came out of stock: units taken from stock = units in new orders.
    const { stock, sold } = await pgliteIn(dataDir).with(stockLedger);
    const taken = BigInt(sizes.products) * 1_000_000_000n - stock;
    purchase.oversoldUnits = Number(sold - BigInt(sizes.orders) - taken);
  }
  rmSync(dataDir, { recursive: true, force: true });
  report.groups.push({ group: 'pglite', ceiling, rssFirstStartMb, rssIdleMb, idle, seedMs });
  report.results.push(...rows);
}

async function postgresGroup(processes) {
  const group = processes === 1 ? 'postgres' : `postgres-${processes}`;
  const ceiling = await measureCeiling();
  const database = await freshPostgres();
  const dirs = [];
  const shops = [];
  try {
    const dir = () => {
      const made = mkdtempSync(join(tmpdir(), 'pp-bench-'));
      dirs.push(made);
      return made;
    };
    shops.push(await startShop({ dataDir: dir(), databaseUrl: database.url, secret }));
    const seedMs = await database.with((query) => seed(query, sizes));
    log(`${group} seeded in ${seedMs} ms`);
    for (let i = 1; i < processes; i++)
      shops.push(await startShop({ dataDir: dir(), databaseUrl: database.url, secret }));
    const rssIdleMb = Math.max(...shops.map((s) => rssMb(s.pid)));
    const idle = await heapOf(shops[0]);
    const rows = await loadEndpoints(group, shops, () => database.with(stockLedger));
    report.groups.push({ group, ceiling, rssIdleMb, idle, seedMs, processes });
    report.results.push(...rows);
  } finally {
    await Promise.all(shops.map((s) => stop(s.child)));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

/** `/tools?limit=6` and My Orders at 10,000 and at 100,000 products and orders: flat or not. */
async function scaling() {
  for (const size of [10_000, 100_000]) {
    const database = await freshPostgres();
    const dir = mkdtempSync(join(tmpdir(), 'pp-bench-'));
    try {
      const shop = await startShop({ dataDir: dir, databaseUrl: database.url, secret });
      await database.with((query) =>
        seed(query, { products: size, users: 1_000, orders: size, reviews: 1_000 }),
      );
      for (const [key, path, headers] of [
        ['tools', '/api/v1/tools?limit=6'],
        ['myOrders', `/api/v1/purchase/${emailOf(1)}`, { authorization: `Bearer ${tokenOf(1)}` }],
      ]) {
        if (!(await exists(shop.url, path, { headers }))) continue;
        const result = await load({
          bases: [shop.url],
          path,
          connections,
          seconds,
          request: headers ? () => ({ headers }) : undefined,
        });
        report.scaling.push({ key, size, ...result });
        log(
          `scaling ${key} at ${size}: ${result.requestsPerSecond} req/s p50 ${result.latencyP50ms} p99 ${result.latencyP99ms} ms`,
        );
      }
      await stop(shop.child);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  }
}

async function frontEnd() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-'));
  const shop = await startShop({ dataDir, secret, demo: true });
  try {
    const [first] = (await (await fetch(`${shop.url}/api/v1/tools?limit=1`)).json()).data;
    // The purchase page is for signed-in customers: Lighthouse loads it with one's cookie.
    const signedUp = await fetch(`${shop.url}/api/v1/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({
        name: 'Lighthouse Buyer',
        email: 'lighthouse@example.com',
        password: 'secret123',
      }),
    });
    const cookie = signedUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const search = await (
      await fetch(`${shop.url}/api/v1/catalog/search?category=bearings&limit=1`)
    ).json();
    const product = `/products/${search.data.items[0].slug}`;
    const pages = [
      ['home', '/'],
      ['products', '/products'],
      ['product', product],
      ['purchase', `/purchase/${first._id}`, cookie],
    ];
    // Issue 17: the median of 3 runs of each page (by performance score).
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await lighthouseRuns(shop.url, pages));
    const lighthouse = pages.map(([page]) => {
      const of = runs
        .map((run) => run.find((l) => l.page === page))
        .sort((a, b) => a.scores.performance - b.scores.performance);
      return { ...of[1], runs: of.map((l) => l.scores.performance) };
    });
    report.frontEnd = {
      lighthouse,
      homeJavaScript: await homePageJavaScript(shop.url, lighthouse[0]?.scripts),
      productJavaScript: await homePageJavaScript(shop.url, lighthouse[2]?.scripts, product),
    };
    log(`front end: ${JSON.stringify(report.frontEnd.lighthouse.map((l) => [l.page, l.scores]))}`);
  } finally {
    await stop(shop.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const hasPostgres = await postgresReachable();
if (!hasPostgres)
  log(`no PostgreSQL at ${postgresBase.replace(/\/\/[^@]*@/, '//…@')}: PGlite only`);
if (wanted('logging')) {
  const ceiling = await measureCeiling();
  const rows = await loggingGroup({ hasPostgres, connections, seconds, secret, log });
  report.logging = { ceiling, rows };
}
if (wanted('pglite')) await pgliteGroup();
if (hasPostgres && wanted('postgres')) await postgresGroup(1);
if (hasPostgres && wanted('postgres-2')) await postgresGroup(2);
if (hasPostgres && wanted('scaling')) await scaling();
if (wanted('lighthouse')) await frontEnd();
report.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 10) / 10);
report.durationSeconds = Math.round((Date.now() - started) / 1000);
const written = writeReport(report);
console.log(readFileSync(written.markdown, 'utf8'));
log(`written ${written.json} and ${written.markdown}`);
