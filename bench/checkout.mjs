import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  checkoutVariants,
  compareVariants,
  comparisonMarkdown,
  SLOT_PARTS,
  setUpVariants,
  slotCart,
} from './lib/checkout-variants.mjs';
import { freshPostgres, postgresBase, postgresReachable } from './lib/databases.mjs';
import {
  builtServer,
  builtServerLine,
  cpuMs,
  measureCeiling,
  root,
  rssMb,
  samplePostgresCpu,
  sampleRss,
  startShop,
  stop,
} from './lib/processes.mjs';
import { ceilingLine, quantile, round, writeResultJson } from './lib/report.mjs';
import { seed, tokenOf } from './lib/seed.mjs';

const quick = process.argv.includes('--quick');
// `--explain`: only the plans of one checkout of each shape (no load), for a look at the SQL.
const explainOnly = process.argv.includes('--explain');
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10));
const warmup = Math.max(1, Math.min(3, Math.round(seconds / 3)));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sizes = { products: 10_000, users: 7_000, orders: 100_000, reviews: 1_000 };
const CART_LINES = 20;
const CART_PARTS = 2_000;
// Buyers whose carts are filled before the checkouts-alone run: more than it can place in its time.
const FILLED_CARTS = Number(process.env.BENCH_FILLED_CARTS ?? 5_000);
const PURCHASE_PARTS = 100;
const TARGETS = { checkoutP99ms: 100, purchasePerSecond: 1000 };
// The CPU comparison's rounds (bench/lib/checkout-variants.mjs): carts filled a round, rounds.
const CPU_CARTS = Number(process.env.BENCH_CPU_CARTS ?? 1_000);
const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 4);
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const resultsDir = join(root, 'bench', 'results');
const started = Date.now();
const log = (line) =>
  console.log(`[bench checkout ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

/** One HTTP request on a kept-alive connection; answers its status and how long it took (ms). */
function send(agent, base, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const began = performance.now();
    const req = httpRequest(
      `${base}${path}`,
      { method, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body ?? '') } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - began }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - began }));
    req.setTimeout(30_000, () => req.destroy());
    req.end(body);
  });
}

/** A run's figures from its timed latencies (ms, sorted here), statuses and length (s). */
function figuresOf(latencies, statuses, elapsed) {
  latencies.sort((x, y) => x - y);
  const failed = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    okPerSecond: Math.round((latencies.length - failed) / elapsed),
    p50ms: quantile(latencies, 0.5),
    p95ms: quantile(latencies, 0.95),
    p99ms: quantile(latencies, 0.99),
    maxMs: round(latencies.at(-1) ?? 0),
    statuses,
    failed,
    seconds: round(elapsed),
  };
}

/**
 * `connections` buyers, each in its own loop for `seconds`: `before(buyer)` untimed (its requests
 * still load the server), then `timed(buyer)`, whose latencies make the figure.
 */
async function runBuyers(base, { seconds: duration, before, timed }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const setupLatencies = [];
  const statuses = {};
  const setupStatuses = {};
  const until = performance.now() + duration * 1000;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, buyer) => {
      while (performance.now() < until) {
        if (before) {
          const setup = await send(agent, base, before(buyer));
          setupStatuses[setup.status] = (setupStatuses[setup.status] ?? 0) + 1;
          setupLatencies.push(setup.ms);
          if (performance.now() >= until) break;
        }
        const answer = await send(agent, base, timed(buyer));
        latencies.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  setupLatencies.sort((x, y) => x - y);
  return {
    ...figuresOf(latencies, statuses, elapsed),
    setupStatuses,
    ...(setupLatencies.length && {
      setupP50ms: quantile(setupLatencies, 0.5),
      setupP99ms: quantile(setupLatencies, 0.99),
    }),
  };
}

/**
 * `connections` loops sending `request(buyer)` for buyers 0..count-1, each loop taking the next
 * buyer not yet sent, until every buyer is sent or `until` (`performance.now()`, ms) has passed.
 */
async function eachBuyerOnce(base, { count, request, until = Number.POSITIVE_INFINITY }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const latencies = [];
  const statuses = {};
  const began = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let buyer = next++; buyer < count && performance.now() < until; buyer = next++) {
        const answer = await send(agent, base, request(buyer));
        latencies.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  return { latencies, statuses, elapsed };
}

/** Fills buyers 0..carts-1's carts, `connections` at once (one `POST /cart/merge` each). */
async function fillCarts(base, { carts, fill }) {
  const { statuses, elapsed } = await eachBuyerOnce(base, { count: carts, request: fill });
  log(`filled ${carts} carts in ${round(elapsed)} s: ${JSON.stringify(statuses)}`);
  return { carts, seconds: round(elapsed), perSecond: Math.round(carts / elapsed), statuses };
}

/**
 * Checkouts alone: `connections` loops place the carts `fillCarts` filled, each taking the next,
 * for `seconds` or until they run out. No refill shares the timed window.
 */
async function placeFilledCarts(base, { seconds: duration, carts, place }) {
  const { latencies, statuses, elapsed } = await eachBuyerOnce(base, {
    count: carts,
    request: place,
    until: performance.now() + duration * 1000,
  });
  return { ...figuresOf(latencies, statuses, elapsed), cartsRanOut: latencies.length >= carts };
}

/** The database's wait events, sampled every 50 ms from its active backends: `{ 'Lock: transactionid': n }`. */
function sampleWaits(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const counts = {};
  let samples = 0;
  let timer;
  const ready = client.connect().then(() => {
    const take = async () => {
      const { rows } = await client.query(
        `select coalesce(wait_event_type || ': ' || wait_event, 'on CPU') as wait, count(*)::int as n
           from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
          group by 1`,
      );
      samples += 1;
      for (const row of rows) counts[row.wait] = (counts[row.wait] ?? 0) + row.n;
      timer = setTimeout(() => void take().catch(() => {}), 50);
    };
    return take();
  });
  return {
    async stop() {
      await ready;
      clearTimeout(timer);
      await client.end();
      const total = Object.values(counts).reduce((s, n) => s + n, 0);
      return {
        samples,
        activeAverage: samples ? round(total / samples) : 0,
        top: Object.entries(counts)
          .sort((x, y) => y[1] - x[1])
          .slice(0, 6)
          .map(([wait, n]) => ({ wait, share: Math.round((n / total) * 100) })),
      };
    },
  };
}

/** Units taken from stock and units in order lines, in one snapshot. */
async function ledger(query) {
  const [row] = await query(
    `select (select sum(available_quantity) from products)::text as stock,
            (select coalesce(sum(quantity), 0) from order_lines)::text as lined,
            (select count(*) from orders)::text as orders`,
  );
  return { stock: BigInt(row.stock), lined: BigInt(row.lined), orders: BigInt(row.orders) };
}

/** A cart of 20 different parts of `parts`, quantities from the minimum to past the tiers. */
function randomCart(parts) {
  const picked = new Set();
  while (picked.size < CART_LINES) picked.add(Math.floor(Math.random() * parts.length));
  return [...picked].map((i) => ({
    productId: parts[i].id,
    quantity: parts[i].minimum + Math.floor(Math.random() * 60),
  }));
}

const bearer = (buyer) => ({
  authorization: `Bearer ${tokenOf(2 + (buyer % sizes.users))}`,
  'content-type': 'application/json',
});
const checkoutBody = JSON.stringify({
  address: '1 Mill Rd, Peoria IL 61602',
  phone: '+1 309 555 0100',
  poNumber: 'PO-BENCH',
});

/**
 * Issue 33: the same checkout with a structured Texas address and a freight method, so that the
 * tax and freight seams price it (a Texas rate with taxable freight, a ground method by weight
 * band, written as the admin's PUTs write them).
 */
const taxedCheckoutBody = JSON.stringify({
  shipTo: {
    name: 'Dana Ortiz',
    company: 'Lone Star Pumps',
    line1: '500 Congress Ave',
    line2: '',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
    phone: '+1 512 555 0147',
  },
  shippingMethod: 'ground',
  phone: '+1 512 555 0147',
  poNumber: 'PO-BENCH',
});

async function setUpTaxAndFreight(database) {
  const zones = [
    { countries: ['US'], regions: ['TX'], bands: [{ upToGrams: 10_000_000, priceCents: 2450 }] },
  ];
  await database.with(async (query) => {
    await query(`insert into tax_rates (country, region, name, rate_ppm, freight_taxable)
      values ('US', 'TX', 'Texas sales tax', 62500, true) on conflict do nothing`);
    await query(
      `insert into shipping_methods (code, name, kind, zones, free_over_cents, quote_above_grams, estimate, position)
       values ('ground', 'Ground freight', 'rates', $1::jsonb, null, null, '3-5 business days', 0)
       on conflict do nothing`,
      [JSON.stringify(zones)],
    );
  });
}

async function measure(database, shop, key, run) {
  const waits = sampleWaits(database.url);
  const rss = sampleRss([shop.pid]);
  const before = await database.with(ledger);
  const postgresCpu = samplePostgresCpu();
  const cpuBefore = { server: cpuMs(shop.pid), bench: process.cpuUsage() };
  const result = await run();
  const bench = process.cpuUsage(cpuBefore.bench);
  const answered = Math.max(1, result.requests);
  // CPU a timed request (ms): what the server, PostgreSQL and this bench process used during the
  // run, over the timed requests (a refill row's refills included).
  const cpuPerRequestMs = {
    server: round((cpuMs(shop.pid) - cpuBefore.server) / answered),
    postgres: round(postgresCpu.stop() / answered),
    bench: round((bench.user + bench.system) / 1000 / answered),
  };
  const peakRssMb = rss.stop();
  const waited = await waits.stop();
  // Let answers still in flight land before the ledger.
  await new Promise((r) => setTimeout(r, 500));
  const after = await database.with(ledger);
  const oversoldUnits = Number(after.lined - before.lined - (before.stock - after.stock));
  const row = { key, ...result, peakRssMb, waits: waited, oversoldUnits, cpuPerRequestMs };
  log(
    `${key}: ${row.okPerSecond}/s p50 ${row.p50ms} p95 ${row.p95ms} p99 ${row.p99ms} ms${row.setupP50ms === undefined ? '' : ` (refill p50 ${row.setupP50ms} p99 ${row.setupP99ms} ms)`}, ${row.failed} failed, oversold ${oversoldUnits}, waits ${waited.top.map((w) => `${w.wait} ${w.share}%`).join(', ')}; CPU a request: server ${cpuPerRequestMs.server} ms, PostgreSQL ${cpuPerRequestMs.postgres} ms, bench ${cpuPerRequestMs.bench} ms`,
  );
  return row;
}

async function checkoutRuns(database, shop) {
  const parts = await database.with((query) =>
    query(
      `select id, minimum_order_quantity as minimum from products order by id limit ${CART_PARTS}`,
    ),
  );
  const hot = randomCart(parts);
  const refill = (cart) => (buyer) => ({
    method: 'POST',
    path: '/api/v1/cart/merge',
    headers: bearer(buyer),
    body: JSON.stringify({ lines: cart() }),
  });
  const placeCart = (buyer) => ({
    method: 'POST',
    path: '/api/v1/orders',
    headers: bearer(buyer),
    body: checkoutBody,
  });
  // Alone: five checkouts one at a time before the load (no queueing, no lock waits).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const alone = [];
  for (let n = 0; n < 5; n++) {
    await send(agent, shop.url, refill(() => randomCart(parts))(0));
    alone.push((await send(agent, shop.url, placeCart(0))).ms);
  }
  agent.destroy();
  const aloneMs = quantile(
    alone.sort((x, y) => x - y),
    0.5,
  );
  log(`checkout alone: median ${aloneMs} ms`);
  const warm = { seconds: warmup, before: refill(() => randomCart(parts)), timed: placeCart };
  await runBuyers(shop.url, warm);
  const rows = [];
  // Checkouts alone: every buyer's cart filled first, then placed at `connections` at once.
  const filled = await fillCarts(shop.url, {
    carts: FILLED_CARTS,
    fill: refill(() => randomCart(parts)),
  });
  rows.push({
    ...(await measure(database, shop, 'checkout', () =>
      placeFilledCarts(shop.url, { seconds, carts: FILLED_CARTS, place: placeCart }),
    )),
    aloneMs,
    fill: filled,
  });
  rows.push({
    ...(await measure(database, shop, 'checkoutRefill', () =>
      runBuyers(shop.url, { seconds, before: refill(() => randomCart(parts)), timed: placeCart }),
    )),
  });
  rows.push(
    await measure(database, shop, 'checkoutHot', () =>
      runBuyers(shop.url, { seconds, before: refill(() => hot), timed: placeCart }),
    ),
  );
  return rows;
}

/**
 * Issues 33, 35, 36: CPU a checkout, plain and in each shape the issues hold to it
 * (bench/lib/checkout-variants.mjs), rounds interleaved. Before each round every cart is emptied
 * and CPU_CARTS filled again, untimed; then only their checkouts are measured.
 */
async function comparisonRuns(database, shop) {
  const parts = await database.with((query) =>
    query(
      `select id, minimum_order_quantity as minimum from products order by id limit ${2 * SLOT_PARTS}`,
    ),
  );
  await setUpTaxAndFreight(database);
  await database.with((query) =>
    setUpVariants(query, { parts, buyers: CPU_CARTS, userOf: (buyer) => 2 + buyer }),
  );
  const variants = checkoutVariants({
    parts,
    plainBody: checkoutBody,
    taxedBody: taxedCheckoutBody,
  });
  const rows = [];
  for (let round = 1; round <= CPU_ROUNDS; round++) {
    // Every other round backwards: no shape always runs first after the carts are emptied (the
    // first of a round read up to 30% more, whatever it was).
    for (const variant of round % 2 ? variants : [...variants].reverse()) {
      const buyerOf = (n) => variant.from + n;
      await database.with((query) => query('delete from cart_lines'));
      if (variant.fillWithSql) {
        await fillCartsWithSql(database, variant.parts, buyerOf);
        // Each buyer's session read once, as the other shapes' merges read it: only the cart's
        // pricing read is then left to tell this shape from `taxed`.
        await fillCarts(shop.url, {
          carts: CPU_CARTS,
          fill: (n) => ({
            method: 'GET',
            path: `/api/v1/purchase/bench${2 + (buyerOf(n) % sizes.users)}@example.com?limit=1`,
            headers: bearer(buyerOf(n)),
          }),
        });
      } else
        await fillCarts(shop.url, {
          carts: CPU_CARTS,
          fill: (n) => ({
            method: 'POST',
            path: '/api/v1/cart/merge',
            headers: bearer(buyerOf(n)),
            body: JSON.stringify({ lines: slotCart(variant.parts, n) }),
          }),
        });
      const place = (n) => ({
        method: 'POST',
        path: '/api/v1/orders',
        headers: bearer(buyerOf(n)),
        body: variant.body,
      });
      const row = await measure(database, shop, `${variant.key} ${round}`, () =>
        placeFilledCarts(shop.url, { seconds, carts: CPU_CARTS, place }),
      );
      rows.push({ ...row, variant: variant.key, round });
    }
  }
  return { rows, comparison: compareVariants(variants, rows) };
}

/** The same carts as `fillCarts` fills, written straight to the database (another process). */
async function fillCartsWithSql(database, parts, buyerOf) {
  const lines = Array.from({ length: CPU_CARTS }, (_, n) =>
    slotCart(parts, n).map((line, at) => ({
      user_id: `bench-user-${2 + (buyerOf(n) % sizes.users)}`,
      product_id: line.productId,
      quantity: line.quantity,
      at,
    })),
  ).flat();
  await database.with((query) =>
    query(
      `insert into cart_lines (user_id, product_id, quantity, added_at)
       select user_id, product_id, quantity, now() + make_interval(secs => at / 1000.0)
         from jsonb_to_recordset($1::jsonb) as l(user_id text, product_id uuid, quantity int, at int)`,
      [JSON.stringify(lines)],
    ),
  );
  log(`filled ${CPU_CARTS} carts in SQL (${lines.length} lines)`);
}

async function purchaseRun(database, shop) {
  const ids = (
    await database.with((query) =>
      query(
        `select id from products where minimum_order_quantity <= 50 order by id limit ${PURCHASE_PARTS}`,
      ),
    )
  ).map((r) => r.id);
  let next = 0;
  const purchase = (buyer) => ({
    method: 'POST',
    path: '/api/v1/purchase',
    headers: bearer(buyer),
    body: JSON.stringify({ toolId: ids[next++ % ids.length], quantity: 50 }),
  });
  await runBuyers(shop.url, { seconds: warmup, timed: purchase });
  return measure(database, shop, 'purchase', () =>
    runBuyers(shop.url, { seconds, timed: purchase }),
  );
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of what one checkout of a 20-line cart sends, plain and taxed (issue
 * 33: the statement, and the pricing read before it when the cart was not seen priced): a server of its own on the same database records its
 * SQL (bench/lib/query-capture.mjs), one buyer's cart is filled and placed, filled again, and the
 * checkout's statements (all but the session's and the mail's) are run again with their
 * parameters, each under EXPLAIN ANALYZE (which executes it) in one transaction rolled back after.
 */
async function explainCheckout(database, parts) {
  await setUpTaxAndFreight(database);
  const shapes = [
    { title: 'plain (a text address)', body: checkoutBody },
    { title: 'taxed (a Texas shipTo and a freight method)', body: taxedCheckoutBody },
  ];
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-checkout-'));
  const captureFile = join(dataDir, 'queries.jsonl');
  writeFileSync(captureFile, '');
  const shop = await startShop({
    dataDir,
    databaseUrl: database.url,
    secret,
    env: {
      NODE_OPTIONS: `--import ${pathToFileURL(join(root, 'bench', 'lib', 'query-capture.mjs'))}`,
      QUERY_CAPTURE_FILE: captureFile,
    },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const buyer = FILLED_CARTS + 100;
  const cart = randomCart(parts);
  const fill = () =>
    send(agent, shop.url, {
      method: 'POST',
      path: '/api/v1/cart/merge',
      headers: bearer(buyer),
      body: JSON.stringify({ lines: cart }),
    });
  try {
    for (const shape of shapes) {
      await fill();
      const from = statSync(captureFile).size;
      await send(agent, shop.url, {
        method: 'POST',
        path: '/api/v1/orders',
        headers: bearer(buyer),
        body: shape.body,
      });
      const sent = readFileSync(captureFile)
        .subarray(from)
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      // The checkout's own: its statement (decision 020: the one that locks the cart) and, taxed,
      // the pricing read before it when there is one (checkout-pricing.ts).
      shape.statements = sent.filter((st) =>
        /^(with locked as|select\s+\(select json_agg)/i.test(st.text.trim()),
      );
    }
    await fill();
  } finally {
    agent.destroy();
    await stop(shop.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const out = [
    `EXPLAIN (ANALYZE, BUFFERS) of the statements of one checkout of a ${CART_LINES}-line cart on PostgreSQL (${new Date().toISOString()}),`,
    'as the built server sent them (bench/lib/query-capture.mjs), run again in one transaction and rolled',
    'back, then under EXPLAIN ANALYZE in another, rolled back too (warm plans, as on pooled connections).',
    '',
  ];
  const summary = [];
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const query = async (sql, values) => (await client.query(sql, values)).rows;
  try {
    for (const { title, statements } of shapes) {
      // Once plainly first, rolled back: the plans and the triggers' PL/pgSQL are then warm on
      // this connection, as on the server's pooled ones (a first run compiles them: ~10 ms more).
      await query('begin');
      try {
        for (const statement of statements) await query(statement.text, statement.values);
      } finally {
        await query('rollback');
      }
      await query('begin');
      try {
        for (const [index, statement] of statements.entries()) {
          const sql = statement.text.trim();
          const plan = (await query(`explain (analyze, buffers) ${sql}`, statement.values))
            .map((row) => row['QUERY PLAN'])
            .join('\n');
          const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 0);
          summary.push({
            shape: title,
            statement: index + 1,
            first: sql.split('\n')[0].slice(0, 60),
            executionMs,
          });
          out.push(
            '='.repeat(100),
            `-- ${title}, statement ${index + 1}: ${executionMs} ms`,
            sql,
            '',
            plan,
            '',
          );
        }
      } finally {
        await query('rollback');
      }
    }
  } finally {
    await client.end();
  }
  const file = join(resultsDir, 'checkout-explain-postgres.txt');
  writeFileSync(file, `${out.join('\n')}\n`);
  log(
    `plans in ${file.slice(root.length + 1)}: ${summary.map((x) => `${x.shape} ${x.statement}: ${x.executionMs} ms`).join(', ')}`,
  );
  return { file: file.slice(root.length + 1), statements: summary };
}

// ── the report ──

const number = (n) => Math.round(n).toLocaleString('en-US');
const TITLES = {
  checkout: `POST /api/v1/orders, a 20-line cart (${connections} buyers at once, 20 random parts of ${number(CART_PARTS)} a cart, tier prices; the carts filled before)`,
  checkoutRefill: `POST /api/v1/orders, a 20-line cart, each buyer refilling its cart between checkouts (\`POST /cart/merge\`, untimed, in the same window)`,
  checkoutHot: `POST /api/v1/orders, a 20-line cart, every cart the same 20 parts (worst case)`,
  purchase: `POST /api/v1/purchase, one line (${connections} buyers, ${PURCHASE_PARTS} parts)`,
};

function verdict(row) {
  if (row.key === 'checkout')
    return {
      target: `p99 ≤ ${TARGETS.checkoutP99ms} ms`,
      ok: row.p99ms <= TARGETS.checkoutP99ms && row.failed === 0 && row.oversoldUnits === 0,
    };
  if (row.key === 'purchase')
    return {
      target: `≥ ${number(TARGETS.purchasePerSecond)}/s`,
      ok: row.okPerSecond >= TARGETS.purchasePerSecond && row.oversoldUnits === 0,
    };
  return { target: 'reported', ok: undefined };
}

function markdownOf(report) {
  const m = report.machine;
  const filled = report.rows.find((r) => r.fill)?.fill;
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const out = [
    `# Checkout benchmark ${report.date.slice(0, 16).replace('T', ' ')} UTC${report.quick ? ' (quick)' : ''}`,
    '',
    `\`npm run bench -- checkout\`. Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}; load average ${m.loadAverageAtStart.join(' ')} at the start, ${m.loadAverageAtEnd.join(' ')} at the end (other work shares this machine). PostgreSQL 15, one built server (${builtServerLine(report.build)}), its pool of 10 connections. Load from the bench process: ${report.settings.connections} buyers, one connection and one account each, ${report.settings.seconds} s a row after ${report.settings.warmupSeconds} s of warm-up. Checkout rows: only \`POST /orders\` is timed, and /s counts placed orders; the first row places carts filled before it (${filled ? `${number(filled.carts)} carts filled in ${filled.seconds} s, ${number(filled.perSecond)} merges/s at ${report.settings.connections} at once` : 'filled first'}), the next ones refill their cart with 20 lines (one \`POST /cart/merge\`, untimed, its p50 and p99 below) before each checkout. Latencies: every timed request, exact percentiles. Data: ${number(sizes.products)} products (a third with tier prices at 10 and 50 pieces), ${number(sizes.users)} buyers, ${number(sizes.orders)} orders.`,
    '',
    ...(report.ceiling ? [ceilingLine(report.ceiling, report.settings.connections)] : []),
    '',
    line([
      'run',
      '2xx/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'failed',
      'oversold units',
      'peak RSS MB',
      'target',
      '',
    ]),
    line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.rows.map((r) => {
      const v = verdict(r);
      return line([
        TITLES[r.key],
        number(r.okPerSecond),
        r.p50ms,
        r.p95ms,
        r.p99ms,
        r.maxMs,
        r.failed
          ? `${r.failed} (${Object.keys(r.statuses)
              .filter((s) => !s.startsWith('2'))
              .join(', ')})`
          : '0',
        r.oversoldUnits,
        r.peakRssMb,
        v.target,
        v.ok === undefined ? '' : v.ok ? 'met' : '**missed**',
      ]);
    }),
    '',
    ...(report.comparison
      ? [
          comparisonMarkdown(report.comparison, {
            connections: report.settings.connections,
            carts: number(report.settings.cpuCarts),
            rounds: report.settings.cpuRounds,
            seconds: report.settings.seconds,
          }),
          '',
        ]
      : []),
    'Where the database waited (active backends of the bench database, sampled every 50 ms):',
    '',
    ...report.rows.map(
      (r) =>
        `- ${r.key}: ${r.waits.activeAverage} active on average; ${r.waits.top.map((w) => `${w.wait} ${w.share}%`).join(', ')}`,
    ),
    '',
    'CPU a timed request (ms; the server process, every PostgreSQL process and the bench process, from /proc and `process.cpuUsage()` over the run, divided by the timed requests; a refill row counts its refills in):',
    '',
    ...report.rows.map(
      (r) =>
        `- ${r.key}: server ${r.cpuPerRequestMs.server}, PostgreSQL ${r.cpuPerRequestMs.postgres}, bench ${r.cpuPerRequestMs.bench}${r.setupP50ms === undefined ? '' : `; its refills (\`POST /cart/merge\`, untimed) p50 ${r.setupP50ms} ms, p99 ${r.setupP99ms} ms`}`,
    ),
    '',
    `Checkout alone (five one at a time before the load, median): ${report.rows.find((r) => r.key === 'checkout')?.aloneMs} ms. Its statements, EXPLAIN ANALYZE in \`${report.explain?.file}\`: ${(report.explain?.statements ?? []).map((x) => `${x.shape ?? 'plain'} ${x.statement}: ${x.executionMs} ms`).join(', ')} (each one statement, to lock and check, take stock, insert the order and lines, empty the cart; a taxed cart the merge's answer priced is priced from that, without a read before it: cart/priced-cart-hint.ts).`,
    '',
    `Whole run: ${report.durationSeconds} s.`,
    '',
  ];
  return out.join('\n');
}

/** The README's checkout section: between its markers, replaced, or after the catalog's. */
function withSection(text, body) {
  const start = '<!-- bench-checkout:start -->';
  const end = '<!-- bench-checkout:end -->';
  const block = `${start}\n${body.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*${end}`);
  if (pattern.test(text)) return text.replace(pattern, block);
  const after = '<!-- bench-catalog:end -->';
  if (text.includes(after)) return text.replace(after, `${after}\n\n${block}`);
  return `${text.trimEnd()}\n\n${block}\n`;
}

export async function runCheckout() {
  if (!(await postgresReachable())) {
    console.error(
      `bench checkout: needs PostgreSQL (${postgresBase.replace(/\/\/[^@]*@/, '//…@')}): set BENCH_DATABASE_URL`,
    );
    process.exit(1);
  }
  const report = {
    date: new Date().toISOString(),
    quick,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: loadavg().map((l) => Math.round(l * 10) / 10),
    },
    settings: {
      seconds,
      warmupSeconds: warmup,
      connections,
      sizes,
      cartLines: CART_LINES,
      cpuCarts: CPU_CARTS,
      cpuRounds: CPU_ROUNDS,
    },
    build: builtServer(),
    rows: [],
  };
  // The machine's ceiling in this run (issue 32: every figure beside it).
  report.ceiling = await measureCeiling({ connections, seconds, log });
  const database = await freshPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-checkout-'));
  let shop;
  try {
    shop = await startShop({ dataDir, databaseUrl: database.url, secret });
    const seedMs = await database.with(async (query) => {
      const took = await seed(query, sizes);
      const began = Date.now();
      // A third of the parts sell cheaper from 10 and from 50 pieces.
      await query(
        `insert into price_breaks (product_id, min_quantity, price_cents)
         select id, tier.min_quantity, price_cents * tier.percent / 100
           from products, (values (10, 90), (50, 80)) as tier(min_quantity, percent)
          where abs(hashtext(id::text)) % 3 = 0`,
      );
      await query('analyze');
      return took + Date.now() - began;
    });
    log(`seeded in ${seedMs} ms`);
    report.seedMs = seedMs;
    report.rssIdleMb = rssMb(shop.pid);
    if (!explainOnly) {
      report.rows.push(...(await checkoutRuns(database, shop)));
      const compared = await comparisonRuns(database, shop);
      report.comparisonRows = compared.rows;
      report.comparison = compared.comparison;
      report.rows.push(await purchaseRun(database, shop));
    }
    await stop(shop.child);
    shop = undefined;
    const parts = await database.with((query) =>
      query(
        `select id, minimum_order_quantity as minimum from products order by id limit ${CART_PARTS}`,
      ),
    );
    report.explain = await explainCheckout(database, parts);
  } finally {
    if (shop) await stop(shop.child);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
  // The plans only: no figures to report, and the README's stay as the last full run wrote them.
  if (explainOnly) return;
  report.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 10) / 10);
  report.durationSeconds = Math.round((Date.now() - started) / 1000);

  const stamp = report.date.replace(/[:.]/g, '-');
  const json = join(resultsDir, `checkout-${stamp}.json`);
  writeResultJson(json, report);
  const markdown = join(resultsDir, `checkout-${stamp}.md`);
  const text = markdownOf(report);
  writeFileSync(markdown, text);
  console.log(text);
  log(`written ${markdown} and ${json}`);
  if (!quick) {
    const readme = join(root, 'README.md');
    const body = text
      .replace(/^# .*\n\n/, `Last run, ${report.date.slice(0, 10)}: `)
      .replace(/\n\nWhole run: .*$/s, `\n\nResults: \`bench/results/checkout-${stamp}.md\`.\n`);
    writeFileSync(readme, withSection(readFileSync(readme, 'utf8'), body));
    log('README updated');
  }
  return report;
}
