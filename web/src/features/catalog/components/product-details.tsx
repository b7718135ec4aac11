import type { Tool } from '@proper-parts/domain/catalog';
import { formatPieces, formatPrice } from '../../../lib/format';

/** One product as the purchase page shows it: image, name, description, price and quantities. */
export function ProductDetails({ product }: { product: Tool }) {
  return (
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
          // The largest thing on the purchase page's first screen: fetch it first.
          fetchPriority="high"
          className="h-full w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <h2 id="product-name" className="card-title text-2xl">
          {product.name}
        </h2>
        <p className="text-base-content/75">{product.description}</p>
        <dl className="grid gap-4 pt-2 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-base-content/70">Price</dt>
            <dd className="whitespace-nowrap">
              <span className="text-xl font-bold text-primary">{formatPrice(product.price)}</span>{' '}
              <span className="text-sm text-base-content/70">per pc</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/70">Minimum order</dt>
            <dd className="text-xl font-semibold">{formatPieces(product.minimumOrderQuantity)}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/70">Available</dt>
            <dd className="text-xl font-semibold">{formatPieces(product.availableQuantity)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
