import { formatCount } from '@proper-parts/domain/format';
import { CsvImportPanel } from '../../components/csv-import-panel';
import { Spinner } from '../../components/spinner';
import { api } from '../../config/paths';
import { PurchaseOrderImportPanel } from '../../features/backorders/components/purchase-order-import-panel';
import { importStock, useLowStock, useWarehouses } from '../../features/warehouses/api/warehouses';
import {
  AdjustStockForm,
  TransferStockForm,
} from '../../features/warehouses/components/stock-forms';
import { WarehouseForm } from '../../features/warehouses/components/warehouse-form';
import { WarehousesTable } from '../../features/warehouses/components/warehouses-table';

/**
 * Issue 36: Warehouses & stock (admin): the warehouses, stock per warehouse, the stock and
 * purchase order imports, low stock.
 */
export function WarehousesPage() {
  const warehouses = useWarehouses();
  const low = useLowStock();
  const list = warehouses.data ?? [];
  // The stock forms start on the first warehouses: mounted again once the list has come.
  const listKey = list.map((w) => w.id).join();
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold">Warehouses &amp; stock</h1>
      <section className="flex flex-col gap-3" aria-labelledby="wh-list">
        <h2 id="wh-list" className="text-lg font-semibold">
          Warehouses
        </h2>
        {warehouses.isPending ? <Spinner /> : <WarehousesTable warehouses={list} />}
        <details className="rounded-box border border-base-300 p-3">
          <summary className="cursor-pointer font-medium">Add a warehouse</summary>
          <div className="mt-3">
            <WarehouseForm />
          </div>
        </details>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="wh-adjust">
        <h2 id="wh-adjust" className="text-lg font-semibold">
          Set stock in a warehouse
        </h2>
        <AdjustStockForm key={listKey} warehouses={list} />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="wh-transfer">
        <h2 id="wh-transfer" className="text-lg font-semibold">
          Move stock between warehouses
        </h2>
        <TransferStockForm key={listKey} warehouses={list} />
      </section>
      <CsvImportPanel
        title="Import stock (CSV)"
        description={
          <>
            Columns <code>sku,warehouse,quantity</code> (the warehouse by its name). Each line sets
            the count as it was when the import began; what orders take meanwhile stays taken.
          </>
        }
        exportHref={api.lowStockCsv}
        exportLabel="Export low stock"
        upload={importStock}
        summary={(report) =>
          `Import finished: ${formatCount(report.added)} added, ${formatCount(report.updated)} updated, ${formatCount(report.unchanged)} unchanged, ${formatCount(report.rejected)} refused.`
        }
      />
      <PurchaseOrderImportPanel />
      <section className="flex flex-col gap-3" aria-labelledby="wh-low">
        <h2 id="wh-low" className="text-lg font-semibold">
          Below the reorder point
        </h2>
        {low.data?.length === 0 ? (
          <p className="text-sm">Nothing is below its reorder point.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm" data-testid="low-stock-table">
              <thead>
                <tr>
                  <th>SKU</th>
                  <th>Part</th>
                  <th>Warehouse</th>
                  <th className="text-right">In stock</th>
                  <th className="text-right">Reorder at</th>
                </tr>
              </thead>
              <tbody>
                {(low.data ?? []).map((item) => (
                  <tr key={`${item.warehouseId}:${item.productId}`}>
                    <td className="font-mono">{item.sku}</td>
                    <td>{item.name}</td>
                    <td>{item.warehouse}</td>
                    <td className="text-right">{formatCount(item.quantity)}</td>
                    <td className="text-right">{formatCount(item.reorderPoint)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
