import type { Readable } from 'node:stream';
import { emptyChangeCountsReport } from '@proper-parts/domain/csv-import';
import {
  FITMENT_CSV_COLUMNS,
  type FitmentCsvLine,
  type FitmentImportReport,
  fitmentCsvLine,
  REQUIRED_FITMENT_COLUMNS,
} from '@proper-parts/domain/fitment-csv';
import { sql } from 'drizzle-orm';
import { analyzeAfterImport } from '../../csv/analyze-after-import.ts';
import { LineFingerprints } from '../../csv/line-fingerprints.ts';
import { type CsvLine, parsedBy, readCsvInBatches, rejectorOf } from '../../csv/read-csv.ts';
import { CHANGES_CHANNEL } from '../../db/change-feed.ts';
import type { Database } from '../../db/client.ts';
import type { ImportCommitted, ImportProgress } from '../../http/csv-upload.ts';
import {
  enginesOf,
  type Found,
  type Lookup,
  lookUpLines,
  type VehicleNames,
  vehicleNames,
  type Write,
  writeFitments,
} from './fitment-writes.ts';

/** Lines looked up and written per statement: a million lines are a thousand round trips. */
const BATCH_LINES = 1000;

/** A line that parsed, with its make and model as the vehicle list spells them. */
type Line = CsvLine<FitmentCsvLine>;

const years = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

/**
 * Imports a fitment CSV (`POST /fitment/import`): each line is a part's application to the
 * vehicles of a make and model over a year range (every engine, or the ones its engine cell
 * names), at a position, for a submodel, with a note; it expands to one fitment per vehicle.
 * Streamed a batch at a time, two statements a batch (look up, write): a million lines keep a
 * flat memory but for a 12-byte fingerprint per line (to tell a duplicate line). Importing the
 * same file again writes nothing. `onProgress` hears, after each batch, how many lines are done
 * and how many bytes of the file were read for them.
 */
export async function importFitmentCsv(
  db: Database,
  input: Readable,
  onProgress: ImportProgress = () => {},
  committed: ImportCommitted<FitmentImportReport> = async () => {},
): Promise<FitmentImportReport> {
  const report: FitmentImportReport = emptyChangeCountsReport();
  const reject = rejectorOf(report);
  const names = await vehicleNames(db);
  const seen = new LineFingerprints();
  report.stopped = await readCsvInBatches(input, {
    columns: FITMENT_CSV_COLUMNS,
    required: REQUIRED_FITMENT_COLUMNS,
    parse: parsedBy<FitmentCsvLine>(fitmentCsvLine),
    batchLines: BATCH_LINES,
    // Its statements commit one by one: the audit entry follows each batch.
    apply: async (lines) => {
      await applyBatch(db, lines, names, seen, report, reject);
      await committed(db, report);
    },
    reject,
    onProgress,
  });
  await analyzeAfterImport(db, report.added + report.updated, ['fitments']);
  return report;
}

/**
 * Why a line names no vehicle, or null when it names some; 'engine' when only its engine is
 * wrong (the message lists the model's engines, looked up for all such lines at once).
 */
function vehicleProblem(row: FitmentCsvLine, names: VehicleNames, found: Found) {
  const make = names.get(row.make.toLowerCase());
  if (!make) return `make: no vehicles of the make "${row.make}"`;
  const model = make.models.get(row.model.toLowerCase());
  if (!model) return `model: ${make.make} has no model "${row.model}"`;
  if (found.inYears === 0)
    return `years: there is no ${years(row.yearFrom, row.yearTo)} ${make.make} ${model.model} (the vehicle list has it from ${model.first} to ${model.last})`;
  if (found.vehicleIds.length === 0) return 'engine';
  return null;
}

/**
 * Looks the batch's lines up (part, vehicles), refuses the ones that name nothing or only what an
 * earlier line named, writes the rest, and counts each line: added, updated, unchanged.
 */
async function applyBatch(
  db: Database,
  lines: Line[],
  names: VehicleNames,
  seen: LineFingerprints,
  report: FitmentImportReport,
  reject: (line: number, reason: string) => void,
) {
  const lookups = lines.map(({ line, row }) => {
    const make = names.get(row.make.toLowerCase());
    const model = make?.models.get(row.model.toLowerCase());
    return {
      line,
      sku: row.sku,
      // An unknown make or model joins no vehicle.
      make: make?.make ?? '',
      model: model?.model ?? '',
      yearFrom: row.yearFrom,
      yearTo: row.yearTo,
      engine: row.engine.toLowerCase(),
    };
  });
  const found = await lookUpLines(db, lookups);
  const writes: Write[] = [];
  /** Lines whose make, model and years are right but whose engine (as written) is none of theirs. */
  const noEngine: Lookup[] = [];
  for (const [index, { line, row }] of lines.entries()) {
    const hit = found.get(line) ?? { productId: null, inYears: 0, vehicleIds: [] };
    if (!hit.productId) {
      reject(line, `sku: no product has the SKU ${row.sku}`);
      continue;
    }
    const problem = vehicleProblem(row, names, hit);
    if (problem === 'engine') noEngine.push({ ...(lookups[index] as Lookup), engine: row.engine });
    else if (problem) reject(line, problem);
    if (problem) continue;
    const key = `${hit.productId}|${row.position}|${row.submodel}|${hit.vehicleIds.join(',')}`;
    const first = seen.firstOf(key, line);
    if (first !== undefined) {
      reject(line, `duplicate of line ${first}: it names the same fitments; nothing changed`);
      continue;
    }
    writes.push({
      line,
      productId: hit.productId,
      vehicleIds: hit.vehicleIds,
      position: row.position,
      submodel: row.submodel,
      note: row.note,
    });
  }
  const engines = await enginesOf(db, noEngine);
  for (const { line, make, model, yearFrom, yearTo, engine } of noEngine)
    reject(
      line,
      `engine: the ${years(yearFrom, yearTo)} ${make} ${model} has no engine "${engine}" (its engines: ${(engines.get(line) ?? []).sort().join(', ')})`,
    );
  if (writes.length === 0) return;
  const written = await writeSafely(db, writes, reject);
  for (const write of writes) {
    if (written.failed.has(write.line)) continue;
    const done = written.lines.get(write.line);
    if (!done) report.unchanged++;
    else if (done.added) report.added++;
    else report.updated++;
  }
  if (written.lines.size > 0)
    // Caches of fitment and search answers, in every process, drop what they hold.
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'fitments')`);
}

/** Fitment rows per statement: a batch of wide lines (every engine of 30 years) is split. */
const ROWS_PER_STATEMENT = 10_000;

/** The batch's writes in groups of at most ROWS_PER_STATEMENT rows (a wider line alone). */
function* statementsOf(writes: Write[]) {
  let group: Write[] = [];
  let rows = 0;
  for (const write of writes) {
    if (group.length > 0 && rows + write.vehicleIds.length > ROWS_PER_STATEMENT) {
      yield group;
      group = [];
      rows = 0;
    }
    group.push(write);
    rows += write.vehicleIds.length;
  }
  if (group.length > 0) yield group;
}

/**
 * The batch's fitments, a statement per group of lines; if one fails (a product or vehicle
 * deleted meanwhile), each of its lines alone, so that only the lines that cannot be written are
 * refused.
 */
async function writeSafely(
  db: Database,
  writes: Write[],
  reject: (line: number, reason: string) => void,
) {
  const failed = new Set<number>();
  const lines = new Map<number, { added: boolean }>();
  for (const group of statementsOf(writes)) {
    try {
      for (const [line, done] of await writeFitments(db, group)) lines.set(line, done);
    } catch {
      for (const write of group) {
        try {
          for (const [line, done] of await writeFitments(db, [write])) lines.set(line, done);
        } catch {
          failed.add(write.line);
          reject(write.line, 'could not be saved (its part or a vehicle was deleted meanwhile)');
        }
      }
    }
  }
  return { lines, failed };
}
