import type { Readable } from 'node:stream';
import {
  CATALOG_CSV_COLUMNS,
  type CatalogCsvLine,
  catalogCsvLine,
  type ImportReport,
  REQUIRED_CSV_COLUMNS,
} from '@proper-parts/domain/catalog-csv';
import { ANALYZE_AFTER_LINES } from '../../csv/analyze-after-import.ts';
import { parsedBy, readCsvInBatches, rejectorOf } from '../../csv/read-csv.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import type { ImportCommitted, ImportProgress } from '../../http/csv-upload.ts';
import { taxonomy } from './catalog-taxonomy.ts';
import { analyzeCatalog } from './demo-seed.ts';
import { type Planned, plan } from './import-plan.ts';
import { type Writes, writeProducts } from './product-writes.ts';

/** Lines applied per transaction: few round trips, and a failed batch is retried line by line. */
const BATCH_LINES = 500;

/**
 * Imports a catalog CSV (`POST /catalog/import`), upserting products by SKU. The file is read as
 * a stream, a batch at a time; each line is applied whole or not at all (a batch is one
 * transaction, and a batch that fails is applied again line by line, so that one bad line is
 * refused alone). A column left out of the file, or a cell left empty, keeps what the product has.
 * Stock (`availableQuantity`) is set to the file's count, under the same row lock an order takes.
 * `onProgress` hears, after each batch, how many lines are done and how many bytes of the file
 * were read for them.
 */
export async function importCatalogCsv(
  db: Database,
  input: Readable,
  onProgress: ImportProgress = () => {},
  committed: ImportCommitted<ImportReport> = async () => {},
): Promise<ImportReport> {
  const report: ImportReport = {
    created: 0,
    updated: 0,
    rejected: 0,
    rejections: [],
    stopped: null,
  };
  const reject = rejectorOf(report);
  const { categories, brandId } = await taxonomy(db);
  report.stopped = await readCsvInBatches(input, {
    columns: CATALOG_CSV_COLUMNS,
    required: REQUIRED_CSV_COLUMNS,
    parse: parsedBy<CatalogCsvLine>(catalogCsvLine),
    batchLines: BATCH_LINES,
    apply: async (lines) =>
      apply(db, await plan(db, lines, categories, brandId), report, reject, committed),
    reject,
    // A SKU once per file: a second line would silently undo the first.
    once: {
      key: (row) => row.sku.toLowerCase(),
      again: (row, first) => `sku: ${row.sku} is also on line ${first}`,
    },
    onProgress,
  });
  // A large import changes what the planner should expect (PGlite runs no autovacuum).
  if (report.created + report.updated >= ANALYZE_AFTER_LINES) await analyzeCatalog(db);
  return report;
}

/**
 * Writes a batch in one transaction; if it fails, each line in a transaction of its own. Each
 * transaction tells `committed` the report's counts with its lines (the import's audit entry),
 * so that what it commits and the count of it commit together.
 */
async function apply(
  db: Database,
  planned: Planned[],
  report: ImportReport,
  reject: (line: number, reason: string) => void,
  committed: ImportCommitted<ImportReport>,
) {
  const writes = planned.filter((p): p is Writes => p.kind === 'create' || p.kind === 'update');
  for (const p of planned) if (p.kind === 'rejected') reject(p.line, p.reason);
  if (writes.length === 0) return;
  const count = (done: Writes[]) => {
    for (const p of done) p.kind === 'create' ? report.created++ : report.updated++;
  };
  const write = (done: Writes[]) =>
    db.transaction(async (tx) => {
      await writeProducts(tx as unknown as Database, done);
      const created = done.filter((p) => p.kind === 'create').length;
      await committed(tx, {
        ...report,
        created: report.created + created,
        updated: report.updated + done.length - created,
      });
    });
  try {
    await write(writes);
    count(writes);
  } catch {
    for (const p of writes) {
      try {
        await write([p]);
        count([p]);
      } catch (error) {
        reject(p.line, reasonOf(error));
      }
    }
  }
}

function reasonOf(error: unknown): string {
  // A refused replacement (supersession.ts) says what is wrong with the line's supersededBy.
  if (error instanceof AppError) return error.message;
  const taken = uniqueViolationOf(error);
  if (taken?.includes('slug'))
    return 'name: another product already has this name and part number (its URL would clash)';
  if (taken) return 'sku: another product took this SKU while the file was imported';
  return 'could not be saved; nothing of this line was written';
}
