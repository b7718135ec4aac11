import { formatCount } from '@proper-parts/domain/format';
import type { PriceListSummary } from '@proper-parts/domain/price-lists';
import { CsvImportPanel } from '../../../components/csv-import-panel';
import { api } from '../../../config/paths';
import { importPriceList } from '../api/import-price-list';

/** Issue 35: one price list's lines as CSV, exported or imported with a progress bar. */
export function PriceListCsvPanel({ list }: { list: PriceListSummary }) {
  return (
    <CsvImportPanel
      title={`${list.name}: import and export (CSV)`}
      description={
        <>
          Columns{' '}
          <code className="break-all">
            price_list,sku,min_quantity,price,brand,category,percent_off
          </code>
          . A line with a SKU sets that part&apos;s price from its quantity (1 when empty); a line
          without one sets a percentage off a brand, a category (and its subcategories) or, with
          neither, everything. Lines the file does not name stay as they are; importing the exported
          file again changes nothing.
        </>
      }
      exportHref={api.priceListExport(list.id)}
      exportLabel="Export this list"
      upload={(file, onProgress) => importPriceList(list.id, file, onProgress)}
      summary={(report) =>
        `Import finished: ${formatCount(report.added)} added, ${formatCount(report.updated)} updated, ${formatCount(report.unchanged)} unchanged, ${formatCount(report.rejected)} refused.`
      }
    />
  );
}
