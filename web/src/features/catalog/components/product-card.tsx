import type { Tool } from '@proper-parts/domain/catalog';
import { isOutOfStock } from '@proper-parts/domain/stock';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatPieces, formatPrice } from '../../../lib/format';
import { ProductDescription } from './product-description';

type ProductCardProps = {
  product: Tool;
  /** Admins cannot buy (spec §6): the Purchase Now button is shown disabled. */
  disabled?: boolean;
};

export function ProductCard({ product, disabled = false }: ProductCardProps) {
  const headingId = `product-${product._id}`;
  // The card leads to the product's page; Purchase Now to the order form (spec §1).
  const productPath = paths.product(product.slug);
  const outOfStock = isOutOfStock(product);

  return (
    <article
      aria-labelledby={headingId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
      {/* Out of the tab order: the name below is the same link. */}
      <Link to={productPath} tabIndex={-1} className="block">
        <figure className="aspect-4/3 bg-base-200">
          <img
            src={product.img}
            alt={product.name}
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-contain"
          />
        </figure>
      </Link>
      <div className="card-body gap-3">
        <h3 id={headingId} className="card-title text-lg leading-snug">
          <Link to={productPath} className="link-hover">
            {product.name}
          </Link>
        </h3>
        <p className="grow-0">
          <span className="text-2xl font-bold text-primary">{formatPrice(product.price)}</span>{' '}
          <span className="text-sm text-base-content/70">per pc</span>
          {outOfStock && <span className="badge badge-error ml-2 align-middle">Out of stock</span>}
        </p>
        <dl className="flex flex-wrap gap-2 text-sm">
          <div className="badge badge-outline h-auto gap-1 whitespace-nowrap">
            <dt>Minimum order:</dt>
            <dd className="font-semibold">{formatPieces(product.minimumOrderQuantity)}</dd>
          </div>
          <div className="badge badge-outline h-auto gap-1 whitespace-nowrap">
            <dt>Available:</dt>
            <dd className="font-semibold">{formatPieces(product.availableQuantity)}</dd>
          </div>
        </dl>
        <ProductDescription description={product.description} />
        <div className="card-actions mt-auto pt-2">
          {outOfStock ? (
            <button type="button" className="btn btn-primary btn-block" disabled>
              Out of stock
            </button>
          ) : disabled ? (
            <button type="button" className="btn btn-primary btn-block" disabled>
              Purchase Now
            </button>
          ) : (
            <Link to={paths.purchase(product._id)} className="btn btn-primary btn-block">
              Purchase Now
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
