// `npm run bench -- fitment` (issue 20, "Targets (benchmark)"): the vehicle selector, the catalog's
// search for parts that fit a vehicle, and the fitment CSV import, on PostgreSQL with 10^6 products
// and 10^7 fitment rows.
//
// A fresh database (`pp_bench_fitment`), migrated by a first start of the built server, filled with
// the catalog bench's products (bench/lib/catalog-seed.mjs: the demo generator at 10^6), then the
// demo's vehicle list and 10^7 fitments made in SQL (bench/lib/fitment-seed.mjs: only car parts
// fit, some vehicles fit ten times the mean). Then the built server on it, and autocannon (50
// connections, 10 s a shape after a short warm-up) on each shape, each request the next of a list
// of values read from the data:
//  - the selector's four steps (years; makes of a year; models of a year and make; engines);
//  - the search with `vehicle=` (its facets come with every answer): alone, with words, with a
//    brand, over a mix of 200 vehicles: 150 drawn at random, 50 among the 5% that fit the most parts;
//  - a part's fit check and vehicle list (`/catalog/products/{slug}/fitment?vehicle=`), no target.
// Then one request per shape through a server that records its SQL, and each statement's EXPLAIN
// (ANALYZE, BUFFERS). Last, an import of 1,000,000 new fitment lines (one vehicle each: a year, a
// make, a model, an engine) through `POST /api/v1/fitment/import`, streamed as it is made, timed to
// its report, the server's RSS sampled all along.
// Writes bench/results/fitment-<date>.md and .json, bench/results/fitment-explain-postgres.txt, and
// on a full run the fitment section of bench/results/latest.md and of the README.
//   --quick                   20,000 products, 100,000 fitments, 100,000 import lines, 3 s a shape
//   BENCH_FITMENT_PRODUCTS    products (1,000,000; --quick 20,000)
//   BENCH_FITMENT_ROWS        fitment rows (10,000,000; --quick 100,000)
//   BENCH_FITMENT_IMPORT      lines imported (1,000,000; --quick 100,000)
//   BENCH_SECONDS, BENCH_CONNECTIONS (10, 50)
//   BENCH_FITMENT_KEEP=1      keep the filled database, and use it again when its sizes fit
//   BENCH_DATABASE_URL / DATABASE_URL: the PostgreSQL server to create the database on
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ms, number, ownPort, settle, shuffled, table, withSection } from './catalog.mjs';
import { loadPaths } from './lib/catalog-load.mjs';
import { postgresBase, postgresReachable } from './lib/databases.mjs';
import { seedFitments } from './lib/fitment-seed.mjs';
import {
  builtServer,
  builtServerLine,
  root,
  rssMb,
  sampleRss,
  startShop,
  stop,
} from './lib/processes.mjs';
import { writeResultJson } from './lib/report.mjs';

const quick = process.argv.includes('--quick');
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10));
const warmup = Math.max(1, Math.min(3, Math.round(seconds / 3)));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const keep = process.env.BENCH_FITMENT_KEEP === '1';
const sizes = {
  products: Number(process.env.BENCH_FITMENT_PRODUCTS ?? (quick ? 20_000 : 1_000_000)),
  fitments: Number(process.env.BENCH_FITMENT_ROWS ?? (quick ? 100_000 : 10_000_000)),
  importLines: Number(process.env.BENCH_FITMENT_IMPORT ?? (quick ? 100_000 : 1_000_000)),
};
const FULL = { products: 1_000_000, fitments: 10_000_000, importLines: 1_000_000 };
const TARGETS = { selector: 20, search: 80, importSeconds: 180, importRssMb: 300 };
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const ADMIN_TOKEN = 'benchfitmentadmin';
const DATABASE_NAME = 'pp_bench_fitment';
/** The import's lines carry this note: a kept database drops them again after the run. */
const IMPORT_NOTE = 'from the supplier file';
const resultsDir = join(root, 'bench', 'results');
const started = Date.now();
const log = (line) =>
  console.log(`[bench fitment ${Math.round((Date.now() - started) / 1000)}s] ${line}`);
const port = () => ownPort(3910, 3920);

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.end();
  }
}

function runCatalogSeeder(url, products) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--max-old-space-size=8192',
        join(root, 'bench', 'lib', 'catalog-seed.mjs'),
        JSON.stringify({ kind: 'postgres', url, products, load: true }),
      ],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed: exit ${code}`))));
  });
}

/** The database: made, migrated and filled (or kept from an earlier run of the same sizes). */
async function prepare() {
  const seedStarted = Date.now();
  const url = new URL(postgresBase);
  url.pathname = `/${DATABASE_NAME}`;
  const databaseUrl = url.toString();
  const wantedSizes = `${sizes.products}/${sizes.fitments}`;
  const reuse = await withClient(postgresBase, async (query) => {
    const exists = (await query('select 1 from pg_database where datname = $1', [DATABASE_NAME]))
      .length;
    if (exists && keep) {
      const kept = await withClient(databaseUrl, (q) =>
        q(`select value from app_state where key = 'bench_fitment_sizes'`).catch(() => []),
      );
      if (kept[0]?.value === wantedSizes) return true;
    }
    await query(`drop database if exists ${DATABASE_NAME} with (force)`);
    await query(`create database ${DATABASE_NAME}`);
    return false;
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-fitment-'));
  let seeded = null;
  if (!reuse) {
    // The first start applies the migrations (an empty shop: SEED_DEMO is off).
    const first = await startShop({ dataDir, databaseUrl, secret, port: await port() });
    await stop(first.child);
    await runCatalogSeeder(databaseUrl, sizes.products);
    log('products in; the fitments next');
    seeded = await withClient(databaseUrl, (query) =>
      seedFitments(query, { rows: sizes.fitments, note: (line) => log(`seed: ${line}`) }),
    );
    await withClient(databaseUrl, (query) =>
      query(
        `insert into app_state (key, value) values ('bench_fitment_sizes', $1)
         on conflict (key) do update set value = excluded.value`,
        [wantedSizes],
      ),
    );
  }
  // An admin with a known bearer token (better-auth reads a bare session token), for the import.
  await withClient(databaseUrl, async (query) => {
    await query(`insert into "user" (id, name, email, email_verified, role)
      values ('bench-fitment-admin', 'Bench Admin', 'bench-fitment-admin@example.com', true, 'admin')
      on conflict do nothing`);
    await query(
      `insert into session (id, token, user_id, expires_at)
       values ('bench-fitment-admin', $1, 'bench-fitment-admin', now() + interval '7 days')
       on conflict (id) do update set expires_at = excluded.expires_at`,
      [ADMIN_TOKEN],
    );
  });
  return {
    databaseUrl,
    dataDir,
    reused: reuse,
    seeded,
    seedMs: Date.now() - seedStarted,
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (keep) {
        // The imported lines go again, so that the next run imports new lines too.
        await withClient(databaseUrl, (query) =>
          query('delete from fitments where note = $1', [IMPORT_NOTE]),
        );
        return;
      }
      await withClient(postgresBase, (query) =>
        query(`drop database if exists ${DATABASE_NAME} with (force)`),
      );
    },
  };
}

/** What the shapes ask for, read from the data; and what the data is like. */
async function samplesOf(databaseUrl) {
  return withClient(databaseUrl, async (query) => {
    const [data] = await query(`
      select (select count(*)::int from products) as products,
        (select count(*)::int from vehicles) as vehicles,
        (select count(*)::int from fitments) as fitments,
        (select count(distinct product_id)::int from fitments) as "fittedParts"`);
    const perVehicle = await query(`
      select n from (select count(*)::int as n from fitments group by vehicle_id) x order by n`);
    const quantile = (q) =>
      perVehicle[Math.min(perVehicle.length - 1, Math.floor(q * perVehicle.length))]?.n ?? 0;
    data.partsPerVehicle = {
      median: quantile(0.5),
      p95: quantile(0.95),
      max: perVehicle.at(-1)?.n ?? 0,
    };
    const years = (await query('select distinct year from vehicles order by year')).map(
      (r) => r.year,
    );
    const makes = await query('select distinct year, make from vehicles order by year, make');
    const models = await query(`
      select year, make, model from (
        select distinct year, make, model from vehicles
      ) x order by hashtext(year || make || model) limit 500`);
    // 150 vehicles at random, 50 among the 5% that fit the most parts.
    const vehicles = await query(`
      with counted as (
        select v.id, count(f.product_id)::int as parts,
          percent_rank() over (order by count(f.product_id) desc) as rank
        from vehicles v left join fitments f on f.vehicle_id = v.id
        group by v.id
      )
      (select id, parts from counted where parts > 0 order by hashtext(id::text) limit 150)
      union all
      (select id, parts from counted where rank <= 0.05 order by hashtext(id::text || 'top') limit 50)`);
    // For each: the brand and the category most of its parts come from (words: the category's name).
    for (const vehicle of vehicles) {
      const [brand] = await query(
        `select b.slug from fitments f join products p on p.id = f.product_id
         join brands b on b.id = p.brand_id where f.vehicle_id = $1
         group by b.slug order by count(*) desc, b.slug limit 1`,
        [vehicle.id],
      );
      const [category] = await query(
        `select c.name from fitments f join products p on p.id = f.product_id
         join categories c on c.id = p.category_id where f.vehicle_id = $1
         group by c.name order by count(*) desc, c.name limit 1`,
        [vehicle.id],
      );
      vehicle.brand = brand?.slug;
      vehicle.q = category?.name.toLowerCase();
    }
    const fitted = await query(`
      select p.slug, (select f.vehicle_id from fitments f where f.product_id = p.id limit 1) as vehicle
      from (select distinct product_id from fitments order by product_id limit 200) x
      join products p on p.id = x.product_id`);
    return { data, years, makes, models, vehicles, fitted };
  });
}

const V = '/api/v1/vehicles';
const S = '/api/v1/catalog/search';
const e = encodeURIComponent;

function shapesOf(samples) {
  return [
    {
      key: 'years',
      title: 'selector: years (`/vehicles/years`)',
      kind: 'selector',
      paths: [`${V}/years`],
    },
    {
      key: 'makes',
      title: 'selector: makes of a year (`/vehicles/makes?year=`)',
      kind: 'selector',
      paths: samples.years.map((year) => `${V}/makes?year=${year}`),
    },
    {
      key: 'models',
      title: 'selector: models of a year and make (`/vehicles/models?year=&make=`)',
      kind: 'selector',
      paths: samples.makes.map((m) => `${V}/models?year=${m.year}&make=${e(m.make)}`),
    },
    {
      key: 'engines',
      title: 'selector: engines, i.e. vehicles (`/vehicles/engines?year=&make=&model=`)',
      kind: 'selector',
      paths: samples.models.map(
        (m) => `${V}/engines?year=${m.year}&make=${e(m.make)}&model=${e(m.model)}`,
      ),
    },
    {
      key: 'vehicle',
      title: 'search: fits the vehicle, with facets (`?vehicle=`)',
      kind: 'search',
      paths: samples.vehicles.map((v) => `${S}?vehicle=${v.id}`),
    },
    {
      key: 'vehicleWords',
      title: 'search: fits + words (`?vehicle=&q=brake pads`)',
      kind: 'search',
      paths: samples.vehicles.filter((v) => v.q).map((v) => `${S}?vehicle=${v.id}&q=${e(v.q)}`),
    },
    {
      key: 'vehicleBrand',
      title: 'search: fits + a brand (`?vehicle=&brand=`)',
      kind: 'search',
      paths: samples.vehicles
        .filter((v) => v.brand)
        .map((v) => `${S}?vehicle=${v.id}&brand=${v.brand}`),
    },
    {
      key: 'productFitment',
      title: 'a part’s fit check and vehicles (`/catalog/products/{slug}/fitment?vehicle=`)',
      kind: 'info',
      paths: samples.fitted.map(
        (f) => `/api/v1/catalog/products/${f.slug}/fitment?vehicle=${f.vehicle}`,
      ),
    },
  ]
    .filter((shape) => shape.paths.length > 0)
    .map((shape) => ({ ...shape, paths: shuffled(shape.paths) }));
}

/** 5 of a shape's requests, one at a time: what they answer (a list's length, a search's total). */
async function probe(base, shape) {
  const sizesFound = [];
  const times = [];
  const failures = [];
  const step = Math.max(1, Math.floor(shape.paths.length / 5));
  for (let i = 0; i < shape.paths.length && sizesFound.length + failures.length < 5; i += step) {
    const asked = performance.now();
    try {
      const res = await fetch(`${base}${shape.paths[i]}`);
      const body = await res.json().catch(() => undefined);
      if (!res.ok)
        throw new Error(
          `GET ${shape.paths[i]}: ${res.status} ${JSON.stringify(body)?.slice(0, 200)}`,
        );
      const data = body.data;
      sizesFound.push(
        Array.isArray(data) ? data.length : (data.total ?? data.applications?.length ?? 1),
      );
      times.push(performance.now() - asked);
    } catch (error) {
      failures.push(error.message.slice(0, 200));
    }
  }
  sizesFound.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  return {
    median: sizesFound[Math.floor(sizesFound.length / 2)] ?? null,
    aloneMedianMs: times.length ? Math.round(times[Math.floor(times.length / 2)]) : null,
    failures,
  };
}

// ── the import ──

const csvCell = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The import's lines: part i of the car parts on vehicle (31·i + 17) of the list, one year each. */
async function importData(databaseUrl) {
  return withClient(databaseUrl, async (query) => {
    const parts = await query(`
      select p.sku, c.slug from products p join categories c on c.id = p.category_id
      where exists (select 1 from fitments f where f.product_id = p.id) order by p.sku`);
    const vehicles = await query(
      'select year, make, model, engine from vehicles order by make, model, year, engine',
    );
    return { parts, vehicles };
  });
}

function* csvChunks({ parts, vehicles }, lines, boundary) {
  yield `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="fitment.csv"\r\ncontent-type: text/csv\r\n\r\n`;
  yield 'sku,year_from,year_to,make,model,submodel,engine,position,note\n';
  const positionOf = (slug, i) => {
    if (['brake-pads', 'brake-discs', 'shock-absorbers', 'coil-springs'].includes(slug))
      return i % 5 < 3 ? 'front' : 'rear';
    if (slug === 'mirrors') return i % 2 ? 'right' : 'left';
    if (['brake-calipers', 'control-arms'].includes(slug))
      return i % 2 ? 'front right' : 'front left';
    return '';
  };
  for (let from = 0; from < lines; from += 2000) {
    let chunk = '';
    for (let i = from; i < Math.min(lines, from + 2000); i++) {
      const part = parts[(i * 7) % parts.length];
      const v = vehicles[(i * 31 + 17) % vehicles.length];
      chunk += `${csvCell(part.sku)},${v.year},${v.year},${csvCell(v.make)},${csvCell(v.model)},,${csvCell(v.engine)},${positionOf(part.slug, i)},${IMPORT_NOTE}\n`;
    }
    yield chunk;
  }
  yield `\r\n--${boundary}--\r\n`;
}

/** Streams the CSV to the import as it is made; answers the time to the report, and the report. */
function importFitments(base, data, lines) {
  const boundary = `ppbenchfitment${Date.now()}`;
  return new Promise((resolve, reject) => {
    const began = performance.now();
    let firstProgressMs = null;
    let progressLines = 0;
    let lastLine = '';
    const req = httpRequest(
      `${base}/api/v1/fitment/import`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          accept: 'application/x-ndjson',
        },
      },
      (res) => {
        let buffered = '';
        res.setEncoding('utf8');
        res.on('data', (text) => {
          buffered += text;
          const parts = buffered.split('\n');
          buffered = parts.pop() ?? '';
          for (const line of parts.filter(Boolean)) {
            lastLine = line;
            if (line.startsWith('{"progress"')) {
              progressLines += 1;
              firstProgressMs ??= performance.now() - began;
            }
          }
        });
        res.on('end', () => {
          if (buffered.trim()) lastLine = buffered.trim();
          let answer;
          try {
            answer = JSON.parse(lastLine);
          } catch {
            answer = {
              success: false,
              message: `status ${res.statusCode}: ${lastLine.slice(0, 300)}`,
            };
          }
          resolve({
            status: res.statusCode,
            seconds: Math.round((performance.now() - began) / 100) / 10,
            firstProgressSeconds:
              firstProgressMs === null ? null : Math.round(firstProgressMs / 100) / 10,
            progressLines,
            answer,
          });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(20 * 60_000, () => req.destroy(new Error('the import took over 20 minutes')));
    Readable.from(csvChunks(data, lines, boundary)).pipe(req);
  });
}

// ── EXPLAIN ──

/** Each shape's SQL as the server sends it, and its EXPLAIN (ANALYZE, BUFFERS), warm. */
async function explainShapes(database, shapes) {
  const captureFile = join(database.dataDir, 'queries.jsonl');
  writeFileSync(captureFile, '');
  const shop = await startShop({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    secret,
    port: await port(),
    env: {
      NODE_OPTIONS: `--import ${pathToFileURL(join(root, 'bench', 'lib', 'query-capture.mjs'))}`,
      QUERY_CAPTURE_FILE: captureFile,
    },
  });
  const captured = [];
  try {
    for (const shape of shapes) {
      const before = statSync(captureFile).size;
      const path = shape.paths[0];
      await fetch(`${shop.url}${path}`).then((res) => res.arrayBuffer());
      await new Promise((r) => setTimeout(r, 100));
      const lines = readFileSync(captureFile).subarray(before).toString('utf8').trim().split('\n');
      captured.push({ shape, path, statements: lines.filter(Boolean).map((l) => JSON.parse(l)) });
    }
  } finally {
    await stop(shop.child);
  }
  const out = [
    `EXPLAIN (ANALYZE, BUFFERS) of each fitment shape's SQL on PostgreSQL, ${number(sizes.products)} products and ${number(sizes.fitments)} fitments (${new Date().toISOString()}).`,
    'The statements are the ones the built server sent for one request of the shape (recorded by',
    'bench/lib/query-capture.mjs); each was run once before its EXPLAIN, so the plans are warm.',
    '',
  ];
  const summary = [];
  await withClient(database.databaseUrl, async (query) => {
    for (const { shape, path, statements } of captured) {
      out.push('='.repeat(100), `${shape.key}: ${shape.title}`, `GET ${path}`, '='.repeat(100), '');
      let totalMs = 0;
      for (const [index, statement] of statements.entries()) {
        const sql = statement.text.trim();
        if (!/^(select|with)\b/i.test(sql)) continue;
        let plan;
        try {
          await query(sql, statement.values);
          plan = (await query(`explain (analyze, buffers) ${sql}`, statement.values))
            .map((row) => row['QUERY PLAN'])
            .join('\n');
        } catch (error) {
          plan = `(EXPLAIN failed: ${error.message})`;
        }
        const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 0);
        totalMs += executionMs;
        out.push(
          `-- statement ${index + 1}: ${executionMs} ms`,
          sql.replace(/\s+\n/g, '\n'),
          `-- parameters: ${JSON.stringify(statement.values)}`,
          '',
          plan,
          '',
        );
      }
      const rounded = Math.round(totalMs * 10) / 10;
      summary.push({ key: shape.key, statements: statements.length, executionMs: rounded });
      out.push(
        `-- ${shape.key}: ${statements.length} statements, ${rounded} ms of execution in all`,
        '',
      );
    }
  });
  return { text: out.join('\n'), summary };
}

// ── the run ──

async function measure(database) {
  const samples = await samplesOf(database.databaseUrl);
  log(
    `data: ${number(samples.data.products)} products, ${number(samples.data.vehicles)} vehicles, ${number(samples.data.fitments)} fitments on ${number(samples.data.fittedParts)} parts; parts a vehicle fits: median ${number(samples.data.partsPerVehicle.median)}, p95 ${number(samples.data.partsPerVehicle.p95)}, max ${number(samples.data.partsPerVehicle.max)}`,
  );
  const shapes = shapesOf(samples);
  const result = { data: samples.data, shapes: [], notMeasured: [] };
  const shop = await startShop({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    secret,
    port: await port(),
  });
  try {
    result.rssIdleMb = rssMb(shop.pid);
    const overall = sampleRss([shop.pid]);
    for (const shape of shapes) {
      const found = await probe(shop.url, shape);
      if (found.failures.length === 5) {
        // A route not there yet (or broken): say so, measure the others.
        result.notMeasured.push({ key: shape.key, why: found.failures[0] });
        log(`${shape.key}: not measured: ${found.failures[0]}`);
        continue;
      }
      await loadPaths({ base: shop.url, paths: shape.paths, connections, seconds: warmup });
      await settle(shop.url, database.databaseUrl);
      const sampler = sampleRss([shop.pid]);
      const measured = await loadPaths({
        base: shop.url,
        paths: shape.paths,
        connections,
        seconds,
      });
      const row = {
        key: shape.key,
        title: shape.title,
        kind: shape.kind,
        example: shape.paths[0],
        distinctPaths: shape.paths.length,
        found,
        ...measured,
        peakRssMb: sampler.stop(),
      };
      result.shapes.push(row);
      log(
        `${shape.key}: ${row.requestsPerSecond} req/s, p50 ${ms(row.p50ms, row.p50Lower)} p95 ${ms(row.p95ms, row.p95Lower)} p99 ${ms(row.p99ms, row.p99Lower)} ms, ${row.non2xx + row.errors} failed, ${row.peakRssMb} MB (${shape.paths.length} paths, ${found.median} found, ${found.aloneMedianMs} ms alone)`,
      );
      await settle(shop.url, database.databaseUrl);
    }
    result.peakRssMb = overall.stop();
  } finally {
    await stop(shop.child);
  }
  const explained = await explainShapes(
    database,
    shapes.filter((shape) => result.shapes.some((row) => row.key === shape.key)),
  );
  const explainFile = join(
    resultsDir,
    `fitment-explain-postgres${sizes.fitments === FULL.fitments ? '' : '-small'}.txt`,
  );
  writeFileSync(explainFile, explained.text);
  result.explain = { file: explainFile.slice(root.length + 1), shapes: explained.summary };
  log(`plans in ${result.explain.file}`);

  // The import last: it adds its lines to the data the shapes read.
  const data = await importData(database.databaseUrl);
  const importer = await startShop({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    secret,
    port: await port(),
  });
  try {
    const before = rssMb(importer.pid);
    const sampler = sampleRss([importer.pid]);
    log(`import: ${number(sizes.importLines)} lines`);
    const run = await importFitments(importer.url, data, sizes.importLines);
    result.import = {
      lines: sizes.importLines,
      rssBeforeMb: before,
      ...run,
      peakRssMb: sampler.stop(),
    };
    const report = run.answer?.data;
    log(
      `import: ${run.seconds} s, status ${run.status}, ${report ? `${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected} rejected` : run.answer?.message}, peak RSS ${result.import.peakRssMb} MB`,
    );
  } finally {
    await stop(importer.child);
  }
  const [{ count }] = await withClient(database.databaseUrl, (query) =>
    query('select count(*)::int as count from fitments'),
  );
  result.import.fitmentsAfter = count;
  return result;
}

// ── the report ──

function verdicts(result) {
  return result.shapes.map((row) => {
    const limit = TARGETS[row.kind];
    const ok =
      limit === undefined
        ? null
        : row.requests > 0 && !row.p95Lower && row.p95ms <= limit && row.non2xx + row.errors === 0;
    return { ...row, limit, ok };
  });
}

function importVerdict(run) {
  if (!run) return null;
  const report = run.answer?.data;
  const done = run.status === 200 && run.answer?.success === true && report && !report.stopped;
  return {
    done,
    timeOk: done && run.seconds < TARGETS.importSeconds,
    rssOk: run.peakRssMb < TARGETS.importRssMb,
    report,
  };
}

const verdict = (ok) => (ok === null ? 'no target' : ok ? 'met' : '**missed**');

function markdownOf(report) {
  const m = report.machine;
  const r = report.result;
  const d = r.data;
  const out = [
    `# Fitment benchmark ${report.date.slice(0, 16).replace('T', ' ')} UTC${report.quick ? ' (quick)' : ''}`,
    '',
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}; load average ${m.loadAverageAtStart.join(' ')} at the start, ${m.loadAverageAtEnd.join(' ')} at the end. PostgreSQL 15; the built server; autocannon in the bench process, ${report.settings.connections} connections, ${report.settings.seconds} s a shape after ${report.settings.warmupSeconds} s of warm-up, each request the next of the shape's list of values. Latencies: every response and every request still unanswered at the end (a percentile it reaches is a lower bound, \`≥\`); "alone": the median of 5 requests sent one at a time before the load. Server: ${builtServerLine(report.build)}.`,
    '',
    `Data: ${number(d.products)} products (the demo generator's catalog), ${number(d.vehicles)} vehicles (the demo list: 30 makes, 1995–2026), **${number(d.fitments)} fitments** on ${number(d.fittedParts)} car parts (${number(Math.round(d.fitments / Math.max(1, d.fittedParts)))} each on average). Parts a vehicle fits: median ${number(d.partsPerVehicle.median)}, p95 ${number(d.partsPerVehicle.p95)}, max ${number(d.partsPerVehicle.max)}. The searches go over 200 vehicles: 150 at random, 50 among the 5% that fit the most parts; each with the words of its commonest category ("brake pads") or its commonest brand. Seeded in ${report.reusedDatabase ? '(a kept database)' : `${report.seedSeconds} s`}.`,
    '',
    `Server RSS: ${r.rssIdleMb} MB idle, ${r.peakRssMb ?? '—'} MB peak under load.`,
    '',
    table(
      [
        'shape',
        'found (median)',
        'alone ms',
        '2xx/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'failed',
        'target',
        '',
      ],
      verdicts(r).map((row) => [
        row.title,
        row.found.median === null ? '—' : number(row.found.median),
        row.found.aloneMedianMs ?? '—',
        number(row.okPerSecond ?? row.requestsPerSecond),
        ms(row.p50ms, row.p50Lower),
        ms(row.p95ms, row.p95Lower),
        ms(row.p99ms, row.p99Lower),
        String(row.non2xx + row.errors),
        row.limit === undefined ? '—' : `p95 ≤ ${row.limit}`,
        verdict(row.ok),
      ]),
    ),
    '',
  ];
  const imported = importVerdict(r.import);
  if (imported) {
    const rep = imported.report;
    out.push(
      `**Import** of ${number(r.import.lines)} new lines (one vehicle each) through \`POST /api/v1/fitment/import\`, streamed as made, with NDJSON progress: **${r.import.seconds} s** to the report (first progress at ${r.import.firstProgressSeconds ?? '—'} s, ${r.import.progressLines} progress lines), status ${r.import.status}; ${rep ? `${number(rep.added)} added, ${number(rep.updated)} updated, ${number(rep.unchanged)} unchanged, ${number(rep.rejected)} rejected${rep.stopped ? `, stopped: ${rep.stopped}` : ''}` : `failed: ${r.import.answer?.message}`}; ${number(r.import.fitmentsAfter)} fitments after. Server RSS ${r.import.rssBeforeMb} MB before, **${r.import.peakRssMb} MB peak**.`,
      '',
    );
  }
  const lines = [
    ...r.notMeasured.map((n) => `- ${n.key}: **not measured** (${n.why})`),
    ...verdicts(r)
      .filter((row) => row.limit !== undefined)
      .map(
        (row) =>
          `- ${row.key}: p95 ${ms(row.p95ms, row.p95Lower)} ms (≤ ${row.limit})${row.non2xx + row.errors ? `, ${row.non2xx + row.errors} failed` : ''}: ${verdict(row.ok)}`,
      ),
  ];
  if (imported)
    lines.push(
      `- import of ${number(r.import.lines)} lines: ${r.import.seconds} s (< ${TARGETS.importSeconds})${imported.done ? '' : ', not completed'}: ${verdict(imported.timeOk)}`,
      `- import, server peak RSS ${r.import.peakRssMb} MB (< ${TARGETS.importRssMb}): ${verdict(imported.rssOk)}`,
    );
  out.push('## Targets (issue 20)', '', ...lines, '');
  out.push(`Plans: \`${r.explain?.file}\`. Whole run: ${report.durationSeconds} s.`, '');
  return out.join('\n');
}

export async function runFitment() {
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
    settings: { seconds, warmupSeconds: warmup, connections, sizes },
    build: builtServer(),
  };
  if (!(await postgresReachable())) {
    console.error(`bench fitment: no PostgreSQL at ${postgresBase.replace(/\/\/[^@]*@/, '//…@')}`);
    process.exit(1);
  }
  log(
    `${number(sizes.products)} products, ${number(sizes.fitments)} fitments, ${number(sizes.importLines)} lines to import`,
  );
  const database = await prepare();
  report.reusedDatabase = database.reused;
  report.seedSeconds = Math.round(database.seedMs / 1000);
  report.seeded = database.seeded;
  log(`${database.reused ? 'kept database used again' : 'seeded'} in ${report.seedSeconds} s`);
  try {
    report.result = await measure(database);
  } finally {
    await database.drop();
  }
  report.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 10) / 10);
  report.durationSeconds = Math.round((Date.now() - started) / 1000);

  const stamp = report.date.replace(/[:.]/g, '-');
  const json = join(resultsDir, `fitment-${stamp}.json`);
  writeResultJson(json, report);
  const markdown = join(resultsDir, `fitment-${stamp}.md`);
  const text = markdownOf(report);
  writeFileSync(markdown, text);
  console.log(text);
  log(`written ${markdown} and ${json}`);
  // A full run is the shop's figure: latest.md's fitment section, the README's.
  const full =
    !quick &&
    sizes.products === FULL.products &&
    sizes.fitments === FULL.fitments &&
    sizes.importLines === FULL.importLines;
  if (full) {
    const body = text.replace(/^# .*\n/, '').replace(/^## /gm, '### ');
    const latest = join(resultsDir, 'latest.md');
    if (existsSync(latest))
      writeFileSync(
        latest,
        withSection(
          readFileSync(latest, 'utf8'),
          '<!-- fitment:start -->',
          '<!-- fitment:end -->',
          `## Vehicle fitment at scale (\`npm run bench -- fitment\`, ${report.date.slice(0, 10)})\n\n${body}`,
        ),
      );
    const readme = join(root, 'README.md');
    writeFileSync(
      readme,
      withSection(
        readFileSync(readme, 'utf8'),
        '<!-- bench-fitment:start -->',
        '<!-- bench-fitment:end -->',
        body,
      ),
    );
    log('latest.md and README updated');
  }
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runFitment();
