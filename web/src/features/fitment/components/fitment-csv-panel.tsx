import { formatCount } from '@proper-parts/domain/format';
import { CsvImportPanel } from '../../../components/csv-import-panel';
import { api } from '../../../config/paths';
import { importFitment } from '../api/import-fitment';

/**
 * Vehicle fitment in bulk (issue 20): download every part's fitment, or import a file of
 * applications (a part, a year range, a make and model, an engine or all) with a progress bar,
 * then the report: added, updated, unchanged and refused lines.
 */
export function FitmentCsvPanel() {
  return (
    <CsvImportPanel
      title="Vehicle fitment (CSV)"
      description={
        <>
          One line per part and model:{' '}
          <code>sku, year_from, year_to, make, model, submodel, engine, position, note</code>. An
          empty engine fits every engine of those years; an engine is its label (1.8L L4), its code
          (2ZR-FE) or its displacement (1.8L). Importing the same file again changes nothing.
        </>
      }
      exportHref={api.fitmentExport}
      exportLabel="Export fitment"
      upload={importFitment}
      summary={(report) =>
        `Import finished: ${formatCount(report.added)} added, ${formatCount(report.updated)} updated, ${formatCount(report.unchanged)} unchanged, ${formatCount(report.rejected)} refused.`
      }
    />
  );
}
