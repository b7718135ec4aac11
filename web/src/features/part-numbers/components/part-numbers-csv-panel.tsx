import { formatCount } from '@proper-parts/domain/format';
import { CsvImportPanel } from '../../../components/csv-import-panel';
import { importPartNumbers } from '../api/import-part-numbers';

/** Issue 35: the company's part numbers in bulk, a CSV with a progress bar, then its report. */
export function PartNumbersCsvPanel() {
  return (
    <CsvImportPanel
      title="Import part numbers (CSV)"
      description={
        <>
          One line per part: <code>customer_part_number,sku</code>, with that header. A line sets
          the part&apos;s number (replacing the one it had); importing the same file again changes
          nothing.
        </>
      }
      upload={importPartNumbers}
      summary={(report) =>
        `Import finished: ${formatCount(report.added)} added, ${formatCount(report.updated)} updated, ${formatCount(report.unchanged)} unchanged, ${formatCount(report.rejected)} refused.`
      }
    />
  );
}
