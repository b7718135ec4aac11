import { formatCount } from '@proper-parts/domain/format';
import { CsvImportPanel } from '../../../components/csv-import-panel';
import { useImportPurchaseOrders } from '../api/import-purchase-orders';

/**
 * Issue 36: purchase orders of incoming stock in bulk (a supplier's confirmation): a CSV with a
 * progress bar, then the report: how many were added, and the refused lines with why.
 */
export function PurchaseOrderImportPanel() {
  const upload = useImportPurchaseOrders();
  return (
    <CsvImportPanel
      title="Import purchase orders (CSV)"
      description={
        <>
          One line per purchase order: <code>sku,quantity,expected_on</code>, with that header (the
          SKU in any case, a quantity from 1, the day as YYYY-MM-DD). Each line adds a purchase
          order, as a product&apos;s page does; its pieces may be backordered at once.
        </>
      }
      upload={upload}
      summary={(report) =>
        `Import finished: ${formatCount(report.added)} added, ${formatCount(report.rejected)} refused.`
      }
    />
  );
}
