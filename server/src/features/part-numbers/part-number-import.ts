import type { Readable } from 'node:stream';
import { emptyChangeCountsReport } from '@proper-parts/domain/csv-import';
import {
  PART_NUMBER_CSV_COLUMNS,
  type PartNumberCsvLine,
  type PartNumberImportReport,
  partNumberCsvLine,
} from '@proper-parts/domain/part-numbers';
import { parsedBy, readCsvInBatches, rejectorOf } from '../../csv/read-csv.ts';
import type { Database } from '../../db/client.ts';
import type { ImportCommitted, ImportProgress } from '../../http/csv-upload.ts';
import { setPartNumbers } from './part-number-writes.ts';

/** Lines looked up and written together: two statements a batch. */
const BATCH_LINES = 1000;

/**
 * Imports a company's part numbers from a CSV `customer_part_number,sku` (`POST
 * /company/part-numbers/import`), streamed a batch at a time by the imports' reader
 * (csv/read-csv.ts), with progress after each batch. Each line sets the product's number as
 * `PUT /company/part-numbers` does; importing the same file again changes nothing.
 */
export async function importPartNumbersCsv(
  db: Database,
  companyId: string,
  input: Readable,
  onProgress: ImportProgress = () => {},
  committed: ImportCommitted<PartNumberImportReport> = async () => {},
): Promise<PartNumberImportReport> {
  const report: PartNumberImportReport = emptyChangeCountsReport();
  const reject = rejectorOf(report);
  report.stopped = await readCsvInBatches(input, {
    columns: PART_NUMBER_CSV_COLUMNS,
    required: PART_NUMBER_CSV_COLUMNS,
    parse: parsedBy<PartNumberCsvLine>(partNumberCsvLine),
    batchLines: BATCH_LINES,
    apply: async (lines) => {
      const outcomes = await setPartNumbers(
        db,
        companyId,
        lines.map(({ line, row }) => ({ ref: line, ...row })),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected')
          reject(
            outcome.ref,
            (outcome.message ?? '').replace(/^customerPartNumber:/, 'customer_part_number:'),
          );
        else report[outcome.status]++;
      }
      await committed(db, report);
    },
    reject,
    onProgress,
  });
  return report;
}
