import { PageHeader } from '../../components/page-header';
import { AddProductForm } from '../../features/catalog/components/add-product-form';
import { usePageTitle } from '../../lib/use-page-title';

export function AddProductPage() {
  usePageTitle('Add A Product');

  return (
    <section>
      <PageHeader
        level={2}
        title="Add a new Product"
        description="Add a part or tool to the catalogue with its image, stock and price. It leads the home page's featured products at once."
      />
      <AddProductForm />
    </section>
  );
}
