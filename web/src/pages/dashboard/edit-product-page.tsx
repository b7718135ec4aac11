import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { BackorderPanel } from '../../features/backorders/components/backorder-panel';
import { useCatalogProduct } from '../../features/catalog/api/edit-product';
import { EditProductForm } from '../../features/catalog/components/edit-product-form';
import { usePageTitle } from '../../lib/use-page-title';

/** Edit Product (issue 16): reached from Manage Products. */
export function EditProductPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, error } = useCatalogProduct(id);
  usePageTitle(data ? `Edit ${data.name}` : 'Edit Product');

  return (
    <section>
      <PageHeader
        level={2}
        title="Edit Product"
        description={
          <Link to={paths.dashboard.manageProducts} className="link link-primary">
            Back to Manage Products
          </Link>
        }
      />
      {isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : isPending ? (
        <Spinner text="Loading the product…" />
      ) : (
        <>
          <EditProductForm key={data._id} product={data} />
          <BackorderPanel productId={data._id} />
        </>
      )}
    </section>
  );
}
