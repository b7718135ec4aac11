import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

export function ManageProductsPage() {
  usePageTitle('Manage Products');

  return (
    <section>
      <PageHeader
        level={2}
        title="Manage all Products"
        description="Every product in the catalogue; delete the ones you no longer sell."
      />
      <EmptyState title="No products to manage" />
    </section>
  );
}
