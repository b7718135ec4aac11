// `npm run bench -- stock` (issue 36): the nightly stock file (`sku,warehouse,quantity`) at scale,
// on PostgreSQL, through the import the admin's page and `POST /admin/stock/import` use
// (importStockCsv, streamed a batch at a time):
//  - scale: 10^5 products × 10 warehouses = 10^6 lines, uploaded by an admin to the built server
//    (`POST /api/v1/admin/stock/import`, with `npm start`'s Node flags): seconds and the server's
//    peak RSS (targets: under 3 minutes, under 300 MB), then the same file again (every line
//    unchanged).
//  - race: 100,000 lines (10^4 products × 10 warehouses), imported in this process on a database a
//    built server migrated, while buyers place one-line orders of those
//    parts (`POST /api/v1/purchase`) through the built server, its own process, on the same
//    database. Afterwards, for every product and warehouse: the count is the file's less what the
//    orders placed since the import began took from that warehouse; each product's available
//    quantity is the sum of its warehouses; nothing is negative. No unit lost or created.
// Writes bench/results/stock-<date>.json.
//   --quick             10^5 lines at scale, 2 × 10^4 in the race
//   BENCH_DATABASE_URL / DATABASE_URL: the PostgreSQL server to create the database on
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tsImport } from 'tsx/esm/api';
import { freshPostgres, postgresBase, postgresReachable } from './lib/databases.mjs';
import { root, rssMb, sampleRss, startShop, stop } from './lib/processes.mjs';
import { writeResultJson } from './lib/report.mjs';
import { seed, tokenOf } from './lib/seed.mjs';

const quick = process.argv.includes('--quick');
const WAREHOUSES = 10;
const SCALE_PRODUCTS = quick ? 10_000 : 100_000;
const RACE_PRODUCTS = quick ? 2_000 : 10_000;
const BUYERS = 20;
/** The parts the buyers order: the first of the file, so orders meet batches before and after. */
const HOT_PARTS = 500;
const TARGETS = { scaleSeconds: 180, peakRssMb: 300 };
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const started = Date.now();
const log = (line) =>
  console.log(`[bench stock ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

const sku = (n) => `STK-${String(n).padStart(6, '0')}`;
const warehouseName = (w) => (w === 0 ? 'Main' : `Depot ${w}`);
/** The file's count for part n in warehouse w, the same each run and each pass. */
const fileQuantity = (n, w, pass) => 1000 + ((n * 7 + w * 13 + pass) % 500);

/** The CSV of `products` parts × the warehouses, in chunks of 64 KB as an upload comes. */
function stockFile(products, pass) {
  function* chunks() {
    let chunk = 'sku,warehouse,quantity\n';
    for (let n = 0; n < products; n++) {
      for (let w = 0; w < WAREHOUSES; w++) {
        chunk += `${sku(n)},${warehouseName(w)},${fileQuantity(n, w, pass)}\n`;
        if (chunk.length >= 64 * 1024) {
          yield Buffer.from(chunk);
          chunk = '';
        }
      }
    }
    if (chunk) yield Buffer.from(chunk);
  }
  return Readable.from(chunks(), { objectMode: false });
}

function peakRssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024);
  };
}

/** Parts STK-000000… with 50 pieces in Main each, and the other nine warehouses. */
async function seedParts(query, products) {
  await query(
    `insert into warehouses (name, public_name, country, ships_to)
     select 'Depot ' || w, 'Depot ' || w, 'US', null from generate_series(1, ${WAREHOUSES - 1}) w
     on conflict do nothing`,
  );
  await query(
    `insert into products (sku, name, img, description, price_cents, minimum_order_quantity, available_quantity)
     select 'STK-' || lpad(g::text, 6, '0'), 'Stock bench part ' || g, '/images/products/piston.svg',
            'Stock bench part ' || g, 1000, 1, 50
     from generate_series(0, ${products - 1}) g`,
  );
  await query('analyze');
}

async function importOnce(importStockCsv, db, products, pass, onProgress = () => {}) {
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  const peak = peakRssSampler();
  const began = performance.now();
  const report = await importStockCsv(db, stockFile(products, pass), onProgress);
  const seconds = (performance.now() - began) / 1000;
  return {
    lines: products * WAREHOUSES,
    seconds: Math.round(seconds * 10) / 10,
    linesPerSecond: Math.round((products * WAREHOUSES) / seconds),
    peakRssMb: peak(),
    rssBeforeMb,
    added: report.added,
    updated: report.updated,
    unchanged: report.unchanged,
    rejected: report.rejected,
  };
}

/** The admin's upload of `file` to `POST /admin/stock/import`: its answer, seconds, server RSS. */
async function uploadOnce(shop, file) {
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'stock.csv');
  const rss = sampleRss([shop.pid]);
  const rssBeforeMb = rssMb(shop.pid);
  const began = performance.now();
  const res = await fetch(`${shop.url}/api/v1/admin/stock/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenOf(1)}` },
    body: form,
  }).catch((error) => ({ status: 0, text: async () => String(error) }));
  const text = await res.text().catch((error) => String(error));
  const seconds = (performance.now() - began) / 1000;
  const serverPeakRssMb = rss.stop();
  let data = {};
  try {
    data = JSON.parse(text).data ?? {};
  } catch {}
  const lines = SCALE_PRODUCTS * WAREHOUSES;
  return {
    status: res.status,
    ...(res.status !== 200 && { answer: text.slice(0, 300) }),
    lines,
    seconds: Math.round(seconds * 10) / 10,
    linesPerSecond: Math.round(lines / seconds),
    serverPeakRssMb,
    serverRssBeforeMb: rssBeforeMb,
    serverAlive: shop.child.exitCode === null,
    added: data.added,
    updated: data.updated,
    unchanged: data.unchanged,
    rejected: data.rejected,
  };
}

/** Buyers ordering 1 to 5 pieces of the hot parts, one order after another, until `until()`. */
async function buyersOrder(url, parts, until) {
  const outcomes = { placed: 0, refused: 0, failed: 0 };
  let next = 0;
  const buyer = async (n) => {
    while (!until()) {
      const toolId = parts[next++ % parts.length];
      const res = await fetch(`${url}/api/v1/purchase`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokenOf(n)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ toolId, quantity: 1 + (next % 5) }),
      }).catch(() => undefined);
      if (!res) outcomes.failed++;
      else if (res.ok) outcomes.placed++;
      else if (res.status < 500) outcomes.refused++;
      else outcomes.failed++;
      await res?.arrayBuffer().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i + 1)));
  return outcomes;
}

/** Every way the race could have lost or made a unit, counted in one snapshot. */
async function ledgerProblems(query, since, pass) {
  const [row] = await query(
    `with taken as (
       select l.product_id, a.warehouse_id, sum(a.quantity)::int as pieces
       from orders o
         join order_line_allocations a on a.order_id = o.id
         join order_lines l on l.order_id = a.order_id and l.line_no = a.line_no
       where o.created_at >= $1::timestamptz
       group by 1, 2),
     expected as (
       select p.id as product_id, w.id as warehouse_id,
         1000 + ((substr(p.sku, 5)::int * 7 + (case when w.name = 'Main' then 0
           else substr(w.name, 7)::int end) * 13 + $2::int) % 500) as file
       from products p cross join warehouses w where p.sku like 'STK-%')
     select
       count(*) filter (where s.quantity is distinct from e.file - coalesce(t.pieces, 0))::int
         as counts_off,
       coalesce(sum(e.file - coalesce(t.pieces, 0) - coalesce(s.quantity, 0)), 0)::int as units_off,
       (select count(*)::int from warehouse_stock where quantity < 0) as negative,
       (select count(*)::int from products p where p.sku like 'STK-%' and p.available_quantity <>
         (select coalesce(sum(quantity), 0) from warehouse_stock s where s.product_id = p.id))
         as sums_off,
       coalesce(sum(t.pieces), 0)::int as pieces_ordered
     from expected e
       left join warehouse_stock s using (product_id, warehouse_id)
       left join taken t using (product_id, warehouse_id)`,
    [since, pass],
  );
  return row;
}

export async function runStockImport() {
  if (!(await postgresReachable())) {
    console.error(`bench stock: no PostgreSQL at ${postgresBase}`);
    process.exit(1);
  }
  const { openDatabase } = await tsImport('../server/src/db/client.ts', import.meta.url);
  const { importStockCsv } = await tsImport(
    '../server/src/features/warehouses/stock-import.ts',
    import.meta.url,
  );
  const report = {
    date: new Date().toISOString(),
    quick,
    machine: {
      cpus: cpus().length,
      memoryGb: Math.round(totalmem() / 1024 ** 3),
      loadAverageAtStart: loadavg().map((l) => Math.round(l * 10) / 10),
    },
    targets: TARGETS,
  };

  log(`scale: ${SCALE_PRODUCTS * WAREHOUSES} lines, through the server`);
  const scaleDb = await freshPostgres();
  const scaleDir = mkdtempSync(join(tmpdir(), 'pp-bench-stock-'));
  let scaleShop;
  try {
    scaleShop = await startShop({ dataDir: scaleDir, databaseUrl: scaleDb.url, secret });
    await scaleDb.with(async (query) => {
      await seedParts(query, SCALE_PRODUCTS);
      await seed(query, { products: 0, users: 1, orders: 0, reviews: 0 });
      await query(`update "user" set role = 'admin' where id = 'bench-user-1'`);
    });
    const file = join(scaleDir, 'stock.csv');
    await pipeline(stockFile(SCALE_PRODUCTS, 0), createWriteStream(file));
    const first = await uploadOnce(scaleShop, file);
    log(`first import: ${JSON.stringify(first)}`);
    const again = await uploadOnce(scaleShop, file);
    log(`same file again: ${JSON.stringify(again)}`);
    report.scale = {
      first,
      again,
      ok:
        first.status === 200 &&
        first.seconds <= TARGETS.scaleSeconds &&
        first.serverPeakRssMb <= TARGETS.peakRssMb &&
        again.unchanged === first.lines,
    };
  } finally {
    if (scaleShop) await stop(scaleShop.child);
    rmSync(scaleDir, { recursive: true, force: true });
    await scaleDb.drop();
  }

  log(`race: ${RACE_PRODUCTS * WAREHOUSES} lines against ${BUYERS} buyers`);
  const raceDb = await freshPostgres();
  const raceDir = mkdtempSync(join(tmpdir(), 'pp-bench-stock-'));
  let shop;
  try {
    shop = await startShop({ dataDir: raceDir, databaseUrl: raceDb.url, secret });
    const parts = await raceDb.with(async (query) => {
      await seedParts(query, RACE_PRODUCTS);
      await seed(query, { products: 0, users: BUYERS, orders: 0, reviews: 0 });
      return (
        await query(
          `select id from products where sku like 'STK-%' order by sku limit ${HOT_PARTS}`,
        )
      ).map((r) => r.id);
    });
    const handle = await openDatabase({ databaseUrl: raceDb.url });
    try {
      const [{ now: since }] = await raceDb.with((query) => query('select now()::text as now'));
      let importing = true;
      let buying;
      const race = await importOnce(importStockCsv, handle.db, RACE_PRODUCTS, 1, () => {
        // The buyers start once the import has begun (its own start is the line it counts from).
        buying ??= buyersOrder(shop.url, parts, () => !importing);
      });
      importing = false;
      const orders = await buying;
      const problems = await raceDb.with((query) => ledgerProblems(query, since, 1));
      log(`race: ${JSON.stringify({ ...race, orders, problems })}`);
      report.race = {
        ...race,
        orders,
        problems,
        ok:
          problems.counts_off === 0 &&
          problems.units_off === 0 &&
          problems.negative === 0 &&
          problems.sums_off === 0 &&
          orders.failed === 0 &&
          orders.placed > 0,
      };
    } finally {
      await handle.close();
    }
  } finally {
    if (shop) await stop(shop.child);
    rmSync(raceDir, { recursive: true, force: true });
    await raceDb.drop();
  }

  report.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 10) / 10);
  report.durationSeconds = Math.round((Date.now() - started) / 1000);
  const file = join(root, 'bench', 'results', `stock-${report.date.replace(/[:.]/g, '-')}.json`);
  writeResultJson(file, report);
  log(`wrote ${file}`);
  if (!report.scale.ok || !report.race.ok) process.exitCode = 1;
}
