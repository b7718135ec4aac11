// `npm run bench -- buyer-prices` (issue 35): what a signed-in company buyer's prices cost at
// 10^6 products with a 100,000-line contract price list, on PostgreSQL. Public answers (search,
// product pages) keep list prices and are cached for everyone (decision 038); a buyer's page asks
// `GET /api/v1/catalog/prices?productIds=` for its products, answered per request. So this is the
// part of a signed-in search or product answer that is the buyer's own.
//
// The catalog bench's data (bench/lib/catalog-seed.mjs: the demo generator at 10^6), then a price
// list of 50,000 parts × 2 breaks (100,000 lines) for one company and its buyer, analyzed as the
// CSV import leaves it; then the built server as `npm start` runs it (logging on) and 10 buyers
// at once for 10 s a row:
//  - warm: the same page of 24 products (half of them on the list) asked again and again;
//  - cold: every request a page of 24 never asked before (the row ends when they run out: about
//    4,000 pages at 10^6);
//  - a buyer's search then its prices, by shape, on the server started again with its catalog
//    cache off (every search read from the database), the shape's values in turn.
// Every latency kept (exact percentiles), and server + PostgreSQL CPU a request.
// Writes bench/results/buyer-prices-<date>.json and .md. Targets (issue 35): p95 ≤ 30 ms warm,
// ≤ 80 ms cold.
//   --quick   10^5 products, 3 s a row
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { catalogSamples } from './lib/catalog-samples.mjs';
import { freshPostgres, postgresReachable } from './lib/databases.mjs';
import {
  cpuMs,
  measureCeiling,
  root,
  samplePostgresCpu,
  startShop,
  stop,
} from './lib/processes.mjs';
import { ceilingLine, quantile, round, writeResultJson } from './lib/report.mjs';

const quick = process.argv.includes('--quick');
const PRODUCTS = quick ? 100_000 : 1_000_000;
const LISTED = 50_000;
const PAGE = 24;
const CONNECTIONS = 10;
/** The machine's ceiling at the other benches' 50 connections, so that their runs compare. */
const CEILING_CONNECTIONS = 50;
const SECONDS = quick ? 3 : 10;
const TARGETS = { warmP95ms: 30, coldP95ms: 80 };
/** The search rows' server: no catalog answer kept, each search read from the database. */
const COLD_CATALOG = { CATALOG_CACHE: 'off' };
/** The search shapes asked cold as the buyer: part numbers, three words, one word. */
const SEARCH_SHAPES = (samples) => ({
  'part number': samples.skus,
  'three words': samples.threeWords,
  'one word': samples.oneWord,
});
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const TOKEN = 'bench-prices-buyer-token';
const started = Date.now();
const log = (line) =>
  console.log(`[bench buyer-prices ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

function seedCatalog(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=8192',
        join(root, 'bench', 'lib', 'catalog-seed.mjs'),
        JSON.stringify({ kind: 'postgres', url, products: PRODUCTS, load: true }),
      ],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed: exit ${code}`))));
  });
}

/** The company, its buyer (with a known bearer token) and its list of 100,000 lines. */
async function seedList(query) {
  const [company] = await query(`insert into companies (name) values ('Prices Co') returning id`);
  await query(`insert into "user" (id, name, email, email_verified, role)
    values ('prices-buyer', 'Prices Buyer', 'prices-buyer@example.com', true, 'user')`);
  await query(
    `insert into session (id, token, user_id, expires_at)
     values ('prices-session', $1, 'prices-buyer', now() + interval '1 day')`,
    [TOKEN],
  );
  await query(
    `insert into company_members (user_id, company_id, role) values ('prices-buyer', $1, 'buyer')`,
    [company.id],
  );
  const [list] = await query(
    `insert into price_lists (name, priority) values ('Bench contract', 10) returning id`,
  );
  await query('insert into price_list_companies (price_list_id, company_id) values ($1, $2)', [
    list.id,
    company.id,
  ]);
  // Every 20th product (by id order) from 1 and from 10 pieces: 50,000 parts at 10^6.
  await query(
    `insert into price_list_entries (price_list_id, product_id, min_quantity, price_cents)
     select $1, p.id, b.min_quantity, greatest(p.price_cents * b.percent / 100, 1)
       from (select id, price_cents, row_number() over (order by id) as n from products) p,
         (values (1, 90), (10, 80)) as b(min_quantity, percent)
      where p.n % ${Math.round(PRODUCTS / LISTED)} = 0`,
    [list.id],
  );
  // As the CSV import leaves it (analyzeAfterImport).
  await query('analyze price_list_entries');
  const listed = (
    await query(
      `select product_id as id from price_list_entries where min_quantity = 1 order by random()`,
    )
  ).map((r) => r.id);
  const unlisted = (
    await query(
      `select id from products tablesample system (10) where id not in
         (select product_id from price_list_entries where product_id is not null) limit 200000`,
    )
  ).map((r) => r.id);
  return { listed, unlisted };
}

/** How many pages of 12 listed and 12 unlisted products the samples make. */
const pagesOf = ({ listed, unlisted }) =>
  Math.floor(Math.min(listed.length, unlisted.length) / (PAGE / 2));

/** Page n (of `pagesOf`, wrapping): 12 listed and 12 unlisted products, on no other page. */
function pageOf(ids, n) {
  const k = n % pagesOf(ids);
  return [
    ...ids.listed.slice(k * (PAGE / 2), (k + 1) * (PAGE / 2)),
    ...ids.unlisted.slice(k * (PAGE / 2), (k + 1) * (PAGE / 2)),
  ].join(',');
}

/** A GET as the buyer; `body` when asked for (the search's page, for its prices). */
function send(agent, url, { body: keep = false } = {}) {
  return new Promise((resolve) => {
    const began = performance.now();
    const req = httpRequest(
      url,
      { agent, headers: { authorization: `Bearer ${TOKEN}` } },
      (res) => {
        const chunks = [];
        if (keep) res.on('data', (chunk) => chunks.push(chunk));
        else res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - began,
            body: keep ? Buffer.concat(chunks).toString('utf8') : undefined,
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
    req.end();
  });
}

/**
 * A signed-in buyer's search as their browser asks it: the search (public, never asked before:
 * cold), then the buyer's prices for the products of its page. One timing for both.
 */
async function searchThenPrices(agent, base, path) {
  const search = await send(agent, `${base}${path}`, { body: true });
  if (search.status !== 200) return search;
  const ids = JSON.parse(search.body).data.items.map((item) => item._id);
  if (ids.length === 0) return search;
  const prices = await send(agent, `${base}/api/v1/catalog/prices?productIds=${ids.join(',')}`);
  return { status: prices.status, ms: search.ms + prices.ms };
}

/** One request of a row: a GET of `path` (`searchThenPrices` makes two). */
const get = (agent, base, path) => send(agent, `${base}${path}`);

/**
 * CONNECTIONS loops for SECONDS (or until `count` requests), each request `ask(…, pathOf(next))`;
 * exact latencies, CPU a request.
 */
async function measure(shop, pathOf, count = Number.POSITIVE_INFINITY, ask = get) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  const statuses = {};
  let next = 0;
  const postgres = samplePostgresCpu();
  const server = cpuMs(shop.pid);
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until && next < count) {
        const answer = await ask(agent, shop.url, pathOf(next++));
        latencies.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (SECONDS * 1000 - (until - performance.now())) / 1000;
  const serverMs = cpuMs(shop.pid) - server;
  const postgresMs = postgres.stop();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / Math.min(SECONDS, elapsed)),
    p50ms: quantile(latencies, 0.5),
    p95ms: quantile(latencies, 0.95),
    p99ms: quantile(latencies, 0.99),
    statuses,
    cpuPerRequestMs: {
      server: round(serverMs / latencies.length),
      postgres: round(postgresMs / latencies.length),
    },
  };
}

export async function runBuyerPrices() {
  if (!(await postgresReachable())) {
    console.error('bench buyer-prices: needs PostgreSQL (BENCH_DATABASE_URL)');
    process.exit(1);
  }
  const report = {
    date: new Date().toISOString(),
    quick,
    products: PRODUCTS,
    listLines: LISTED * 2,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadAverageAtStart: loadavg().map((l) => Math.round(l * 10) / 10),
    },
    settings: { connections: CONNECTIONS, seconds: SECONDS, page: PAGE },
  };
  // The machine's ceiling in this run (issue 32: every figure beside it).
  report.ceiling = await measureCeiling({
    connections: CEILING_CONNECTIONS,
    seconds: SECONDS,
    log,
  });
  const database = await freshPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-prices-'));
  let shop;
  try {
    // A first start migrates the database, as a shop's would be.
    await stop((await startShop({ dataDir, databaseUrl: database.url, secret })).child);
    log(`seeding ${PRODUCTS} products`);
    await seedCatalog(database.url);
    const ids = await database.with(seedList);
    const samples = await database.with(catalogSamples);
    log(`list: ${ids.listed.length} parts listed; ${ids.unlisted.length} unlisted sampled`);
    shop = await startShop({ dataDir, databaseUrl: database.url, secret });
    const path = (n) => `/api/v1/catalog/prices?productIds=${pageOf(ids, n)}`;
    // Warm-up on pages the cold row never asks (the last ones).
    const last = pagesOf(ids) - 1;
    await measure(shop, (n) => path(last - (n % 50)));
    report.warm = await measure(shop, () => path(last));
    // Each page once: the row ends when the pages the warm-up never asked run out.
    report.cold = await measure(shop, (n) => path(n), last - 50);
    // Issue 35: a signed-in buyer's whole search, cold, then its prices, by shape. The catalog's
    // cache off (every search read from the database, as the catalog bench reads
    // them), so a row can ask the shape's values in turn for its whole time: asked once each, a
    // row of 78 words lasted under a second and its p95 was the 4th slowest of 78 (93-138 ms in
    // three runs of one build).
    await stop(shop.child);
    shop = await startShop({ dataDir, databaseUrl: database.url, secret, env: COLD_CATALOG });
    report.searches = {};
    for (const [key, values] of Object.entries(SEARCH_SHAPES(samples))) {
      report.searches[key] = await measure(
        shop,
        (n) =>
          `/api/v1/catalog/search?q=${encodeURIComponent(values[n % values.length])}&limit=${PAGE}`,
        Number.POSITIVE_INFINITY,
        searchThenPrices,
      );
      const row = report.searches[key];
      log(
        `search ${key}, cold, then prices: ${row.requests} at ${row.perSecond}/s, p50 ${row.p50ms} p95 ${row.p95ms} ms ${JSON.stringify(row.statuses)}; CPU: server ${row.cpuPerRequestMs.server} ms, PostgreSQL ${row.cpuPerRequestMs.postgres} ms`,
      );
    }
    for (const key of ['warm', 'cold']) {
      const row = report[key];
      log(
        `${key}: ${row.perSecond}/s p50 ${row.p50ms} p95 ${row.p95ms} p99 ${row.p99ms} ms ${JSON.stringify(row.statuses)}; CPU a request: server ${row.cpuPerRequestMs.server} ms, PostgreSQL ${row.cpuPerRequestMs.postgres} ms`,
      );
    }
  } finally {
    if (shop) await stop(shop.child);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
  report.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 10) / 10);
  const stamp = report.date.replace(/[:.]/g, '-');
  const file = join(root, 'bench', 'results', `buyer-prices-${stamp}`);
  writeResultJson(`${file}.json`, report);
  // `name` may carry more cells (`shape | searches`).
  const line = (name, row, target) =>
    `| ${name} | ${row.perSecond} | ${row.p50ms} | ${row.p95ms} | ${row.p99ms} | ${row.cpuPerRequestMs.server} + ${row.cpuPerRequestMs.postgres} | p95 ≤ ${target} ms | ${row.p95ms <= target && Object.keys(row.statuses).every((s) => s === '200') ? 'met' : '**missed**'} |`;
  const markdown = [
    `# Buyer prices benchmark ${report.date.slice(0, 16).replace('T', ' ')} UTC${quick ? ' (quick)' : ''}`,
    '',
    `\`npm run bench -- buyer-prices\`. ${report.machine.cpus} × ${report.machine.cpuModel}; load ${report.machine.loadAverageAtStart.join(' ')} at the start, ${report.machine.loadAverageAtEnd.join(' ')} at the end. PostgreSQL 15, ${PRODUCTS.toLocaleString('en-US')} products (the demo generator), one company's price list of ${(LISTED * 2).toLocaleString('en-US')} lines (${LISTED.toLocaleString('en-US')} parts from 1 and from 10 pieces), its buyer signed in by bearer token. \`GET /api/v1/catalog/prices\` for a page of ${PAGE} products (12 listed, 12 not), ${CONNECTIONS} at once, ${SECONDS} s a row, the built server as \`npm start\` runs it (logging on). Warm: the same page again and again; cold: a page never asked before, each request.`,
    '',
    ceilingLine(report.ceiling, CEILING_CONNECTIONS),
    '',
    '| row | req/s | p50 ms | p95 ms | p99 ms | CPU ms a request (server + PostgreSQL) | target | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    line('warm', report.warm, TARGETS.warmP95ms),
    line('cold', report.cold, TARGETS.coldP95ms),
    '',
    `A signed-in buyer's whole search, cold: \`GET /api/v1/catalog/search?q=…\` and then \`GET /api/v1/catalog/prices\` for its page, timed as one, ${CONNECTIONS} buyers' searches at once for ${SECONDS} s, the shape's values (the catalog bench's samples) in turn; the server started again with its catalog cache off (\`CATALOG_CACHE=off\`: every search and its counts read from the database, none answered from memory).`,
    '',
    '| shape | searches | searches/s | p50 ms | p95 ms | p99 ms | CPU ms a search + prices (server + PostgreSQL) | target | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...Object.entries(report.searches ?? {}).map(([key, row]) =>
      line(`${key} | ${row.requests}`, row, TARGETS.coldP95ms),
    ),
    '',
  ].join('\n');
  writeFileSync(`${file}.md`, markdown);
  console.log(markdown);
  return report;
}
