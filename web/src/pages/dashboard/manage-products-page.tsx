import { PageHeader } from '../../components/page-header';
import { CatalogCsvPanel } from '../../features/catalog/components/catalog-csv-panel';
import { ProductsTable } from '../../features/catalog/components/products-table';
import { FitmentCsvPanel } from '../../features/fitment/components/fitment-csv-panel';
import { usePageTitle } from '../../lib/use-page-title';

export function ManageProductsPage() {
  usePageTitle('Manage Products');

  return (
    <section>
      <PageHeader
        level={2}
        title="Manage all Products"
        description="Every product in the catalogue, newest first; delete the ones you no longer sell."
      />
      <CatalogCsvPanel />
      <FitmentCsvPanel />
      <ProductsTable />
    </section>
  );
}
