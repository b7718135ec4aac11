// Times the fitment import (issue 20) on a fresh PostgreSQL database, in this process:
//   node bench/fitment-import.mjs [lines=100000] [ranges|single]
// Seeds 30 makes × 8 models × 32 model years × 3 engines (23,040 vehicles) and 10,000 parts,
// then streams a generated CSV (never held in memory) through importFitmentCsv twice: the first
// run writes, the second must change nothing. `ranges` (the default): lines of 1 to 5 years, every
// engine or one (~9 fitment rows a line); `single`: one year and one engine code a line (one
// row a line). Prints lines, fitment rows, seconds and peak RSS (BENCH_STATEMENTS=1: and the
// seconds spent in each kind of statement); then exports everything and imports the export,
// which must change nothing.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tsImport } from 'tsx/esm/api';
import { freshPostgres } from './lib/databases.mjs';

const LINES = Number(process.argv[2] ?? 100_000);
const SINGLE = process.argv[3] === 'single';
const MAKES = 30;
const MODELS = 8;
const ENGINES = ['1.6L L4', '2.0L L4', '3.5L V6'];
const PARTS = 10_000;

const { openDatabase } = await tsImport('../server/src/db/client.ts', import.meta.url);
const { importFitmentCsv } = await tsImport(
  '../server/src/features/fitment/fitment-import.ts',
  import.meta.url,
);
const { exportFitmentCsv } = await tsImport(
  '../server/src/features/fitment/fitment-export.ts',
  import.meta.url,
);
const { sql } = await import('drizzle-orm');

/** A deterministic generator: the same file each run, in chunks of 64 KB as an upload comes. */
function* csvChunks() {
  let chunk = '';
  for (const line of csvLines()) {
    chunk += line;
    if (chunk.length >= 64 * 1024) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk);
}
function* csvLines() {
  let seed = 42;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  yield 'sku,year_from,year_to,make,model,submodel,engine,position,note\n';
  for (let i = 0; i < LINES; i++) {
    const from = 1995 + next(28);
    const to = SINGLE ? from : from + next(5);
    const engine = SINGLE ? `E${[16, 20, 35][next(3)]}` : next(2) === 0 ? '' : ENGINES[next(3)];
    const position = ['', 'front', 'rear'][next(3)];
    yield `PART-${next(PARTS)},${from},${to},Make ${next(MAKES)},Model ${next(MODELS)},Trim ${i},${engine},${position},Line ${i}\n`;
  }
}
const file = () => Readable.from(csvChunks(), { objectMode: false });

let peakRss = 0;
let atPeak = process.memoryUsage();
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  if (usage.rss > peakRss) {
    peakRss = usage.rss;
    atPeak = usage;
  }
}, 100);

const baselineRss = process.memoryUsage().rss;
const database = await freshPostgres();
const handle = await openDatabase({ databaseUrl: database.url });
try {
  const { db } = handle;
  // BENCH_STATEMENTS=1: the time spent in each kind of statement, to tell the database from JS.
  const spent = new Map();
  if (process.env.BENCH_STATEMENTS) {
    const execute = db.execute.bind(db);
    db.execute = async (query) => {
      const text = db.dialect.sqlToQuery(query).sql;
      const kind = text.includes('insert into fitments')
        ? 'write'
        : text.includes('json_to_recordset')
          ? 'look up'
          : 'other';
      const started = performance.now();
      try {
        return await execute(query);
      } finally {
        spent.set(kind, (spent.get(kind) ?? 0) + performance.now() - started);
      }
    };
  }
  await db.execute(sql`
    insert into vehicles (year, make, model, engine, engine_code, fuel)
    select y, 'Make ' || m, 'Model ' || d, e.engine, e.code, 'gas'
    from generate_series(1995, 2026) y, generate_series(0, ${MAKES - 1}) m,
      generate_series(0, ${MODELS - 1}) d,
      (values ('1.6L L4', 'E16'), ('2.0L L4', 'E20'), ('3.5L V6', 'E35')) e(engine, code)`);
  await db.execute(sql`
    insert into products (sku, name, img, description, price_cents, minimum_order_quantity, available_quantity)
    select 'PART-' || i, 'Fitment bench part ' || i, '/images/categories/bearings.svg', '', 1000, 1, 100
    from generate_series(0, ${PARTS - 1}) i`);
  // As a shop's catalog is (autovacuum; the catalog's seed and import analyze on PGlite).
  await db.execute(sql`analyze products`);
  for (const run of ['first import', 'same file again']) {
    const started = performance.now();
    peakRss = process.memoryUsage().rss;
    const report = await importFitmentCsv(db, file());
    const seconds = (performance.now() - started) / 1000;
    const [{ rows }] = (await db.execute(sql`select count(*)::int as rows from fitments`)).rows;
    console.log(
      JSON.stringify({
        run,
        lines: LINES,
        seconds: Number(seconds.toFixed(1)),
        linesPerSecond: Math.round(LINES / seconds),
        fitmentRows: rows,
        peakRssMb: Math.round(peakRss / 1024 / 1024),
        rssBeforeMb: Math.round(baselineRss / 1024 / 1024),
        atPeakMb: Object.fromEntries(
          Object.entries(atPeak).map(([kind, bytes]) => [kind, Math.round(bytes / 1024 / 1024)]),
        ),
        added: report.added,
        updated: report.updated,
        unchanged: report.unchanged,
        rejected: report.rejected,
        ...(spent.size > 0 && {
          statementSeconds: Object.fromEntries(
            [...spent].map(([kind, ms]) => [kind, Number((ms / 1000).toFixed(1))]),
          ),
        }),
      }),
    );
    spent.clear();
  }
  // The export, streamed to a file, then imported back: it must change nothing.
  const exported = join(mkdtempSync(join(tmpdir(), 'fitment-')), 'export.csv');
  let started = performance.now();
  peakRss = process.memoryUsage().rss;
  await pipeline(exportFitmentCsv(db), createWriteStream(exported));
  const exportSeconds = (performance.now() - started) / 1000;
  const exportPeakRssMb = Math.round(peakRss / 1024 / 1024);
  started = performance.now();
  const back = await importFitmentCsv(db, createReadStream(exported));
  console.log(
    JSON.stringify({
      run: 'export, then import the export',
      exportSeconds: Number(exportSeconds.toFixed(1)),
      exportLines: back.added + back.updated + back.unchanged + back.rejected,
      exportPeakRssMb,
      importSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      added: back.added,
      updated: back.updated,
      unchanged: back.unchanged,
      rejected: back.rejected,
    }),
  );
  rmSync(exported);
} finally {
  clearInterval(sampler);
  await handle.close();
  await database.drop();
}
