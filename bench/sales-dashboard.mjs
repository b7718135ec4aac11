// `npm run bench -- sales` (issue 21): the admin sales dashboard (`GET /api/v1/sales`) on PostgreSQL
// with 10^7 orders; target p95 ≤ 200 ms for an admin drawing the dashboard, i.e. requests one at a
// time (the one answer carries every chart, so each chart's figure is at most the answer's); the
// same under BENCH_CONNECTIONS admins at once is reported beside it.
//
// A fresh database, migrated by a first start of the built server. Then, in SQL: 250 brands,
// 10,000 products and 10,000 customers; the orders, spread evenly over the last 1,095 days (80%
// shipped, 8% paid and waiting, 5% unpaid, 5% cancelled unpaid, 2% invoiced and then cancelled: the
// refunds), one line each (BENCH_SALES_LINES for more), and an invoice for every order that sold.
// The bulk rows go in with the triggers off (`session_replication_role = replica`), then the
// roll-ups are made as a change of SHOP_TIME_ZONE makes them (decision 028): `pp_sales_rebuild()`
// (the switch, order writes wait for it), then `pp_sales_rebuild_step()` a step of
// SALES_REBUILD_STEP_ORDERS orders at a time until none is left (the longest step is the longest an
// order's commit may wait), and `pp_sales_close_day()` closes every day that is over into running
// totals, as the servers' sweep does after it: all three times are reported. Then the built server, an admin with a known bearer
// token, and for each range shape: 20 requests one at a time ("alone"), then
// BENCH_CONNECTIONS admins (4) asking again and again for BENCH_SECONDS (10), every latency kept
// (exact percentiles).
// Writes bench/results/sales-dashboard-<date>.md and .json; a run at 10^7 orders also writes the
// README's sales section (a smaller run claims nothing there).
//   --quick                 100,000 orders, 3 s a shape
//   BENCH_SALES_ORDERS      orders (10,000,000; --quick 100,000)
//   BENCH_SALES_LINES       lines an order (1)
//   SALES_REBUILD_STEP_ORDERS  orders a rebuild step (2000, the server's default)
//   BENCH_SECONDS, BENCH_CONNECTIONS (10, 4)
//   BENCH_SALES_KEEP=1      keep the database afterwards (its URL is printed), to EXPLAIN by hand
//   BENCH_DATABASE_URL / DATABASE_URL: the PostgreSQL server to create the database on
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { number, table, withSection } from './catalog.mjs';
import { freshPostgres, postgresBase, postgresReachable } from './lib/databases.mjs';
import { root, rssMb, sampleRss, startShop, stop } from './lib/processes.mjs';
import { quantile, round, writeResultJson } from './lib/report.mjs';

const quick = process.argv.includes('--quick');
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const FULL_ORDERS = 10_000_000;
const sizes = {
  orders: Number(process.env.BENCH_SALES_ORDERS ?? (quick ? 100_000 : FULL_ORDERS)),
  lines: Number(process.env.BENCH_SALES_LINES ?? 1),
  products: 10_000,
  brands: 250,
  customers: 10_000,
  days: 1_095,
};
const TARGET_P95_MS = 200;
const REBUILD_STEP_ORDERS = Number(process.env.SALES_REBUILD_STEP_ORDERS ?? 2000);
/** Requests sent one at a time per shape: an admin drawing the dashboard; the target's p95. */
const ALONE = 20;
const BATCH = 1_000_000;
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const ADMIN_TOKEN = 'benchsalesadmin';
const resultsDir = join(root, 'bench', 'results');
const started = Date.now();
const log = (line) =>
  console.log(`[bench sales ${Math.round((Date.now() - started) / 1000)}s] ${line}`);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The bulk data, in SQL; the roll-ups as a change of SHOP_TIME_ZONE makes them. Answers the seed's timings. */
async function seedSales(query) {
  const { orders, lines, products, brands, customers, days } = sizes;
  await query(`insert into brands (name, slug)
    select 'Bench Brand ' || g, 'bench-brand-' || g from generate_series(1, ${brands}) g`);
  // With the triggers on: they give each product its SKU and slug.
  await query(`with b as (select id, row_number() over (order by slug) as n from brands)
    insert into products (name, img, description, minimum_order_quantity, available_quantity,
      price_cents, brand_id)
    select 'Sales Part ' || g, '/images/products/piston.svg', 'A bench part.', 1,
      (g * 7919) % 5000, 100 + (g * 7919) % 50000, b.id
    from generate_series(1, ${products}) g join b on b.n = 1 + g % ${brands}`);
  await query(`insert into "user" (id, name, email, email_verified, role)
    select 'sales-user-' || g, 'Bench Customer ' || g, 'sales' || g || '@example.com', true, 'user'
    from generate_series(1, ${customers}) g`);
  await query(`insert into "user" (id, name, email, email_verified, role) values
    ('bench-sales-admin', 'Bench Admin', 'bench-sales-admin@example.com', true, 'admin')`);
  await query(`insert into session (id, token, user_id, expires_at)
    values ('bench-sales-admin', '${ADMIN_TOKEN}', 'bench-sales-admin', now() + interval '7 days')`);
  await query(`create temporary table bench_parts as
    select id, name, sku, price_cents, row_number() over (order by id) as n from products`);
  await query('create index on bench_parts (n)');

  const bulkStarted = performance.now();
  await query('set session_replication_role = replica');
  for (let first = 1; first <= orders; first += BATCH) {
    const last = Math.min(orders, first + BATCH - 1);
    // Order g: placed on day g·days/orders before today, by customer g·48271 mod customers; its
    // lines the parts g·k·7919 mod products. The status by g mod 100.
    await query(`insert into orders (id, tool_id, user_id, purchase_name, img, unit_price_cents,
        quantity, total_cents, user_name, email, status, paid, line_count, created_at, updated_at)
      select md5('order' || g)::uuid, p.id, 'sales-user-' || (1 + (g::bigint * 48271) % ${customers}),
        p.name, '/i.svg', p.price_cents, 1 + g % 20, t.total, 'Bench Customer', 'c@example.com',
        case when g % 100 < 80 then 'shipped' when g % 100 < 88 then 'pending'
          when g % 100 < 93 then 'unpaid' else 'cancelled' end,
        g % 100 < 88, ${lines}, at, at + case when g % 100 >= 98 then interval '3 days' else interval '0' end
      from generate_series(${first}, ${last}) g
      cross join lateral (select now() - (${days}::float8 * g / ${orders}) * interval '1 day' as at) w
      join bench_parts p on p.n = 1 + (g::bigint * 7919) % ${products}
      cross join lateral (
        select sum(q.price_cents * (1 + g % 20))::bigint as total
        from generate_series(1, ${lines}) k
        join bench_parts q on q.n = 1 + (g::bigint * k * 7919) % ${products}
      ) t`);
    await query(`insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
        unit_price_cents, line_total_cents)
      select md5('order' || g)::uuid, k, p.id, p.sku, p.name, '/i.svg', 1 + g % 20, p.price_cents,
        p.price_cents * (1 + g % 20)
      from generate_series(${first}, ${last}) g cross join generate_series(1, ${lines}) k
      join bench_parts p on p.n = 1 + (g::bigint * k * 7919) % ${products}`);
    // Sold: shipped, paid and waiting, and the 2% cancelled after (g mod 100 ≥ 98).
    await query(`insert into invoices (order_id, year, number_in_year, issued_at)
      select md5('order' || g)::uuid, 2000, g, o.created_at + interval '10 minutes'
      from generate_series(${first}, ${last}) g
      join orders o on o.id = md5('order' || g)::uuid
      where g % 100 < 88 or g % 100 >= 98`);
    log(`orders ${number(last)} of ${number(orders)}`);
  }
  await query('set session_replication_role = origin');
  const bulkMs = performance.now() - bulkStarted;
  const switchStarted = performance.now();
  await query('select pp_sales_rebuild()');
  const switchMs = performance.now() - switchStarted;
  const rebuildStarted = performance.now();
  let rebuildSteps = 0;
  let longestStepMs = 0;
  for (;;) {
    const stepStarted = performance.now();
    const [step] = await query(`select pp_sales_rebuild_step(${REBUILD_STEP_ORDERS}) as counted`);
    longestStepMs = Math.max(longestStepMs, performance.now() - stepStarted);
    if (!step?.counted) break;
    rebuildSteps += 1;
  }
  const rebuildMs = performance.now() - rebuildStarted;
  // The running totals of every day that is over (migration 0016), one day a transaction, as the
  // servers' sweep closes them after a rebuild (in the background there, the figures right meanwhile).
  const closeStarted = performance.now();
  let closedDays = 0;
  while ((await query('select pp_sales_close_day()::text as day'))[0]?.day) closedDays += 1;
  const closeMs = performance.now() - closeStarted;
  await query('analyze');
  const [counts] = await query(`select (select count(*)::int from orders) as orders,
    (select count(*)::int from order_lines) as lines, (select count(*)::int from invoices) as invoices,
    (select count(*)::int from sales_days) as "dayRows",
    (select count(*)::int from sales_products) as "productRows",
    (select count(*)::int from sales_customers) as "customerRows",
    (select count(*)::int from sales_product_totals) as "productTotalRows",
    (select count(*)::int from sales_customer_totals) as "customerTotalRows",
    (select count(*)::int from order_status_days) as "statusRows",
    pg_size_pretty(pg_database_size(current_database())) as size`);
  return {
    bulkMs: Math.round(bulkMs),
    switchMs: Math.round(switchMs),
    rebuildMs: Math.round(rebuildMs),
    rebuildSteps,
    stepOrders: REBUILD_STEP_ORDERS,
    longestStepMs: Math.round(longestStepMs),
    closeMs: Math.round(closeMs),
    closedDays,
    counts,
  };
}

/** The range shapes an admin asks for: the defaults, the presets, a ragged year, the longest. */
function shapesOf() {
  const today = day(0);
  const first = (d) => `${d.slice(0, 8)}01`;
  const monthsAgo = (n) => {
    const [y, m] = today.split('-').map(Number);
    const index = y * 12 + (m - 1) - n;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  };
  return [
    {
      key: 'days30',
      title: 'last 30 days, by day',
      query: { from: day(-29), to: today, interval: 'day' },
    },
    {
      key: 'weeks12',
      title: 'last 12 weeks, by week',
      query: { from: day(-83), to: today, interval: 'week' },
    },
    {
      key: 'months12',
      title: 'last 12 months, by month',
      query: { from: monthsAgo(11), to: today, interval: 'month' },
    },
    {
      key: 'raggedYear',
      title: 'a year from the 15th to the 14th, by week (ragged ends: 2 × ~15 days of day rows)',
      query: {
        from: `${first(day(-380)).slice(0, 8)}15`,
        to: `${first(day(-15)).slice(0, 8)}14`,
        interval: 'week',
      },
    },
    {
      key: 'years3',
      title: '3 years (the longest range), by month',
      query: { from: day(-1095), to: today, interval: 'month' },
    },
  ];
}

async function timed(base, shape) {
  const began = performance.now();
  const res = await fetch(`${base}/api/v1/sales?${new URLSearchParams(shape.query)}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const body = await res.text();
  return { ok: res.status === 200, ms: performance.now() - began, body };
}

async function measure(base, shape) {
  const first = await timed(base, shape);
  if (!first.ok) throw new Error(`${shape.key}: ${first.body.slice(0, 300)}`);
  const data = JSON.parse(first.body).data;
  const alone = [];
  for (let i = 0; i < ALONE; i++) alone.push((await timed(base, shape)).ms);
  alone.sort((a, b) => a - b);
  const latencies = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { ok, ms } = await timed(base, shape);
        latencies.push(ms);
        if (!ok) failed += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    key: shape.key,
    title: shape.title,
    query: shape.query,
    orders: data.summary.orders,
    revenue: data.summary.revenue,
    aloneP50: quantile(alone, 0.5),
    aloneP95: quantile(alone, 0.95),
    perSecond: round(latencies.length / seconds),
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: round(latencies.at(-1) ?? 0),
    failed,
  };
}

function gitFacts() {
  const run = (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  return { commit: run(['rev-parse', '--short', 'HEAD']) };
}

function markdownOf(report) {
  const m = report.machine;
  const c = report.seed.counts;
  const rows = report.shapes.map((s) => [
    s.title,
    number(s.orders),
    s.aloneP50,
    s.aloneP95,
    s.perSecond,
    s.p50,
    s.p95,
    s.p99,
    s.failed,
    `alone p95 ≤ ${TARGET_P95_MS}`,
    s.aloneP95 <= TARGET_P95_MS ? 'met' : '**missed**',
  ]);
  return [
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}; load average ${m.loadAverageAtStart.join(' ')} at the start, ${m.loadAverageAtEnd.join(' ')} at the end. PostgreSQL; the built server (commit ${report.build.commit}). \`GET /api/v1/sales\` as an admin (bearer token): ${ALONE} requests one at a time ("alone": an admin drawing the dashboard, which the target is about), then ${report.settings.connections} admins asking again and again for ${report.settings.seconds} s (the same figures under contention for 2 cores); every latency kept, exact percentiles. One answer carries every chart, its queries run side by side on the pool.`,
    '',
    `Data: ${number(c.orders)} orders (${number(c.lines)} lines, ${number(c.invoices)} invoiced) over ${sizes.days} days, ${number(sizes.products)} products of ${sizes.brands} brands, ${number(sizes.customers)} customers; roll-ups: ${number(c.dayRows)} day rows, ${number(c.productRows)} product day rows and ${number(c.productTotalRows)} product running totals, ${number(c.customerRows)} customer day rows and ${number(c.customerTotalRows)} customer running totals, ${number(c.statusRows)} status rows; database ${c.size}. Bulk insert ${round(report.seed.bulkMs / 1000)} s; a change of SHOP_TIME_ZONE (decision 028): the switch, \`pp_sales_rebuild()\`, **${number(report.seed.switchMs)} ms**, then the rebuild in ${number(report.seed.rebuildSteps)} steps of ${number(report.seed.stepOrders)} orders, ${round(report.seed.rebuildMs / 1000)} s in all, the longest step (the longest an order's commit waits) **${number(report.seed.longestStepMs)} ms**; then closing its ${number(report.seed.closedDays)} days into running totals, one a transaction (the servers' background sweep after a rebuild or migration 0016), ${round(report.seed.closeMs / 1000)} s. Server RSS peak ${report.peakRssMb} MB.`,
    '',
    table(
      [
        'range',
        'orders in it',
        'alone p50 ms',
        'alone p95 ms',
        `${report.settings.connections} admins: 2xx/s`,
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'failed',
        'target',
        '',
      ],
      rows,
    ),
  ].join('\n');
}

export async function runSalesDashboard() {
  if (!(await postgresReachable()))
    throw new Error(`bench sales: no PostgreSQL at ${postgresBase}`);
  const report = {
    date: new Date().toISOString(),
    quick,
    settings: { seconds, connections, ...sizes },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.split(' ').slice(0, 2).join(' '),
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: loadavg().map((l) => round(l)),
    },
    build: gitFacts(),
  };
  const database = await freshPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-sales-'));
  try {
    // The first start applies the migrations (an empty shop: SEED_DEMO is off).
    const first = await startShop({ dataDir, databaseUrl: database.url, secret });
    await stop(first.child);
    log(`seeding ${number(sizes.orders)} orders`);
    report.seed = await database.with(seedSales);
    log(
      `seeded: bulk ${report.seed.bulkMs} ms, switch ${report.seed.switchMs} ms, rebuild ${report.seed.rebuildMs} ms (longest step ${report.seed.longestStepMs} ms)`,
    );
    const shop = await startShop({ dataDir, databaseUrl: database.url, secret });
    const sampler = sampleRss([shop.pid]);
    report.shapes = [];
    try {
      for (const shape of shapesOf()) {
        const row = await measure(shop.url, shape);
        report.shapes.push(row);
        log(`${shape.key}: alone p95 ${row.aloneP95} ms; ${connections} admins p95 ${row.p95} ms`);
      }
    } finally {
      report.peakRssMb = Math.max(sampler.stop(), rssMb(shop.pid));
      await stop(shop.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_SALES_KEEP === '1') log(`kept the database: ${database.url}`);
    else await database.drop();
  }
  report.machine.loadAverageAtEnd = loadavg().map((l) => round(l));
  const markdown = markdownOf(report);
  const stamp = report.date.replaceAll(':', '-').replace(/\..*/, 'Z');
  writeResultJson(join(resultsDir, `sales-dashboard-${stamp}.json`), report);
  writeFileSync(
    join(resultsDir, `sales-dashboard-${stamp}.md`),
    `# Sales dashboard benchmark ${report.date.slice(0, 16).replace('T', ' ')} UTC\n\n${markdown}\n`,
  );
  // Only a run at full size speaks for the README.
  if (sizes.orders >= FULL_ORDERS && !quick) {
    const readme = join(root, 'README.md');
    writeFileSync(
      readme,
      withSection(
        readFileSync(readme, 'utf8'),
        '<!-- bench-sales:start -->',
        '<!-- bench-sales:end -->',
        `Last run, ${report.date.slice(0, 10)}: \`npm run bench -- sales\`. ${markdown}`,
      ),
    );
  }
  console.log(markdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await runSalesDashboard();
