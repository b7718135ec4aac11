import { formatCount } from '@proper-parts/domain/format';
import { CsvImportPanel } from '../../../components/csv-import-panel';
import { catalogExportUrl, importCatalog } from '../api/import-catalog';

/**
 * Manage Products' CSV tools (issue 16): download the whole catalog, or import a file of
 * products (upserted by SKU) with a progress bar, then the report: created, updated, refused lines.
 */
export function CatalogCsvPanel() {
  return (
    <CsvImportPanel
      title="Import and export (CSV)"
      description="Products are matched by SKU: a known SKU is updated, a new one created. An empty cell keeps what the product has. The columns are listed in the README."
      exportHref={catalogExportUrl}
      exportLabel="Export the catalog"
      upload={importCatalog}
      summary={(report) =>
        `Import finished: ${formatCount(report.created)} created, ${formatCount(report.updated)} updated, ${formatCount(report.rejected)} refused.`
      }
    />
  );
}
