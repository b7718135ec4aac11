// `npm run bench -- price-lists` (issue 35): a contract price list of 100,000 lines by CSV, on
// PostgreSQL, through the import and export the admin's page and the API use
// (importPriceListCsv / exportPriceListCsv, streamed), run in this process on a database a built
// server migrated: 50,000 parts × two quantity breaks, generated as an upload arrives; then the
// list exported to a file and that file imported back, which must change nothing, and a second
// export, which must be byte for byte the first. Seconds and peak RSS of each step.
// Writes bench/results/price-lists-<date>.json.
//   --quick             10,000 lines
//   BENCH_DATABASE_URL / DATABASE_URL: the PostgreSQL server to create the database on
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tsImport } from 'tsx/esm/api';
import { freshPostgres, postgresBase, postgresReachable } from './lib/databases.mjs';
import { root, startShop, stop } from './lib/processes.mjs';
import { writeResultJson } from './lib/report.mjs';

const quick = process.argv.includes('--quick');
const PARTS = quick ? 5_000 : 50_000;
const BREAKS = [1, 10];
const LIST = 'Bench contract';
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const started = Date.now();
const log = (line) =>
  console.log(`[bench price-lists ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

const sku = (n) => `PL-${String(n).padStart(6, '0')}`;

/** The list's file: each part from 1 and from 10 pieces, in chunks of 64 KB as an upload comes. */
function listFile() {
  function* chunks() {
    let chunk = 'price_list,sku,min_quantity,price,brand,category,percent_off\n';
    for (let n = 0; n < PARTS; n++) {
      for (const [i, from] of BREAKS.entries()) {
        const cents = 900 - i * 100 + (n % 97);
        chunk += `${LIST},${sku(n)},${from},${(cents / 100).toFixed(2)},,,\n`;
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

/** Runs `work`, answering its result with its seconds and the process's peak RSS meanwhile. */
async function measured(work) {
  const rssBeforeMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const began = performance.now();
  try {
    const result = await work();
    return {
      seconds: Math.round((performance.now() - began) / 100) / 10,
      peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024),
      rssBeforeMb,
      ...result,
    };
  } finally {
    clearInterval(timer);
  }
}

const counts = (report) => ({
  added: report.added,
  updated: report.updated,
  unchanged: report.unchanged,
  rejected: report.rejected,
});
const sha = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

export async function runPriceListImport() {
  if (!(await postgresReachable())) {
    console.error(`bench price-lists: no PostgreSQL at ${postgresBase}`);
    process.exit(1);
  }
  const { openDatabase } = await tsImport('../server/src/db/client.ts', import.meta.url);
  const { importPriceListCsv, exportPriceListCsv } = await tsImport(
    '../server/src/features/price-lists/price-list-csv.ts',
    import.meta.url,
  );
  const lines = PARTS * BREAKS.length;
  const report = {
    date: new Date().toISOString(),
    quick,
    lines,
    machine: {
      cpus: cpus().length,
      memoryGb: Math.round(totalmem() / 1024 ** 3),
      loadAverageAtStart: loadavg().map((l) => Math.round(l * 10) / 10),
    },
  };
  const database = await freshPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'pp-bench-price-lists-'));
  try {
    // A first start of the built server migrates the database, as a shop's would be.
    await stop((await startShop({ dataDir: dir, databaseUrl: database.url, secret })).child);
    const listId = await database.with(async (query) => {
      await query(
        `insert into products (sku, name, img, description, price_cents, minimum_order_quantity, available_quantity)
         select 'PL-' || lpad(g::text, 6, '0'), 'Price list bench part ' || g,
                '/images/products/piston.svg', 'Price list bench part ' || g, 1200, 1, 100
         from generate_series(0, ${PARTS - 1}) g`,
      );
      await query('analyze');
      const [row] = await query(
        `insert into price_lists (name, priority) values ($1, 10) returning id`,
        [LIST],
      );
      return row.id;
    });
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      const { db } = handle;
      log(`importing ${lines} lines`);
      report.import = await measured(async () =>
        counts(await importPriceListCsv(db, listId, listFile())),
      );
      log(`import: ${JSON.stringify(report.import)}`);
      const exportTo = async (file) => {
        const { body } = await exportPriceListCsv(db, listId);
        await pipeline(body, createWriteStream(file));
        return {};
      };
      const first = join(dir, 'first.csv');
      const second = join(dir, 'second.csv');
      report.export = await measured(() => exportTo(first));
      report.importExport = await measured(async () =>
        counts(await importPriceListCsv(db, listId, createReadStream(first))),
      );
      await exportTo(second);
      report.exportsEqual = sha(first) === sha(second);
      log(`export: ${JSON.stringify(report.export)}`);
      log(`its file imported back: ${JSON.stringify(report.importExport)}`);
      report.ok =
        report.import.added === lines &&
        report.import.rejected === 0 &&
        report.importExport.unchanged === lines &&
        report.importExport.added + report.importExport.updated === 0 &&
        report.exportsEqual;
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
  report.machine.loadAverageAtEnd = loadavg().map((l) => Math.round(l * 10) / 10);
  report.durationSeconds = Math.round((Date.now() - started) / 1000);
  const file = join(
    root,
    'bench',
    'results',
    `price-lists-${report.date.replace(/[:.]/g, '-')}.json`,
  );
  writeResultJson(file, report);
  log(`wrote ${file} (${report.ok ? 'ok' : 'NOT OK'})`);
  if (!report.ok) process.exitCode = 1;
}
