import { useParams } from 'react-router';
import { Spinner } from '../components/spinner';
import { useTool } from '../features/catalog/api/get-tool';
import { formatPrice } from '../lib/format';
import { usePageTitle } from '../lib/use-page-title';

export function PurchasePage() {
  usePageTitle('Purchase');
  const { id = '' } = useParams();
  const { data: product, isPending, isError, error } = useTool(id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-8 text-3xl font-bold tracking-tight">Purchase</h1>
      {isPending ? (
        <Spinner text="Loading product…" />
      ) : isError ? (
        <p role="alert" className="text-error">
          {error.message}
        </p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-2">
          <section
            aria-labelledby="product-name"
            className="card border border-base-300 bg-base-100 shadow-sm"
          >
            <figure className="aspect-4/3 bg-base-200">
              <img
                src={product.img}
                alt={product.name}
                width={600}
                height={450}
                className="h-full w-full object-contain"
              />
            </figure>
            <div className="card-body gap-3">
              <h2 id="product-name" className="card-title text-2xl">
                {product.name}
              </h2>
              <p className="text-base-content/75">{product.description}</p>
              <dl className="grid grid-cols-3 gap-4 pt-2">
                <div>
                  <dt className="text-sm text-base-content/70">Price</dt>
                  <dd className="text-xl font-bold text-primary">{formatPrice(product.price)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-base-content/70">Minimum order</dt>
                  <dd className="text-xl font-semibold">{product.minimumOrderQuantity} pcs</dd>
                </div>
                <div>
                  <dt className="text-sm text-base-content/70">Available</dt>
                  <dd className="text-xl font-semibold">{product.availableQuantity} pcs</dd>
                </div>
              </dl>
            </div>
          </section>
          <section
            aria-labelledby="order-title"
            className="card h-fit border border-base-300 bg-base-200/60"
          >
            <div className="card-body">
              <h2 id="order-title" className="card-title">
                Place your order
              </h2>
              <p className="text-base-content/70">
                Ordering opens soon: choose a quantity, add your address and phone, then pay by
                card.
              </p>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
