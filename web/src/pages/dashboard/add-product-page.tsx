import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

export function AddProductPage() {
  usePageTitle('Add A Product');

  return (
    <section>
      <PageHeader
        level={2}
        title="Add a new Product"
        description="Add a part or tool to the catalogue with its image, stock and price."
      />
      <EmptyState title="The product form opens soon" />
    </section>
  );
}
