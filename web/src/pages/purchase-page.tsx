import { isOutOfStock } from '@proper-parts/domain/stock';
import { useParams } from 'react-router';
import { Spinner } from '../components/spinner';
import { useCurrentUser } from '../features/auth/use-current-user';
import { isUnknownProduct, useTool } from '../features/catalog/api/get-tool';
import { ProductDetails } from '../features/catalog/components/product-details';
import { ProductNotFound } from '../features/catalog/components/product-not-found';
import { OrderForm } from '../features/orders/components/order-form';
import { OutOfStockNotice } from '../features/orders/components/out-of-stock-notice';
import { useProfile } from '../features/profile/api/get-profile';
import { usePageTitle } from '../lib/use-page-title';

export function PurchasePage() {
  usePageTitle('Purchase');
  const { id = '' } = useParams();
  const { data: product, isPending, isError, error } = useTool(id);
  // The buyer's phone and city from their profile fill the order form (they can change them).
  const { user } = useCurrentUser();
  const { data: profile } = useProfile(user?.email ?? '');
  const prefill = profile ? { address: profile.city, phone: profile.phone } : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-8 text-3xl font-bold tracking-tight">Purchase</h1>
      {isPending ? (
        <Spinner text="Loading product…" />
      ) : isError && isUnknownProduct(error) ? (
        <ProductNotFound />
      ) : isError ? (
        <p role="alert" className="text-error">
          {error.message}
        </p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          <ProductDetails product={product} />
          <section
            aria-labelledby="order-title"
            className="card h-fit border border-base-300 bg-base-200/60"
          >
            <div className="card-body">
              <h2 id="order-title" className="card-title">
                Place your order
              </h2>
              {isOutOfStock(product) ? (
                <OutOfStockNotice product={product} />
              ) : (
                <OrderForm product={product} prefill={prefill} />
              )}
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
