import { shortDescription, type Tool } from '@proper-parts/domain/catalog';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';

type ProductCardProps = {
  product: Tool;
  /** Admins cannot buy (spec §6): the Purchase Now button is shown disabled. */
  disabled?: boolean;
};

export function ProductCard({ product, disabled = false }: ProductCardProps) {
  const description = shortDescription(product.description);
  const headingId = `product-${product._id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
    >
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
      <div className="card-body gap-3">
        <h3 id={headingId} className="card-title text-lg leading-snug">
          {product.name}
        </h3>
        <p className="grow-0">
          <span className="text-2xl font-bold text-primary">{formatPrice(product.price)}</span>
          <span className="ml-1 text-sm text-base-content/70">per pc</span>
        </p>
        <dl className="flex flex-wrap gap-2 text-sm">
          <div className="badge badge-outline gap-1">
            <dt>Minimum order:</dt>
            <dd className="font-semibold">{product.minimumOrderQuantity} pcs</dd>
          </div>
          <div className="badge badge-outline gap-1">
            <dt>Available:</dt>
            <dd className="font-semibold">{product.availableQuantity} pcs</dd>
          </div>
        </dl>
        <p className="text-sm leading-relaxed text-base-content/75">
          {description.text}
          {description.truncated && (
            <span className="whitespace-nowrap font-medium text-primary">...see more</span>
          )}
        </p>
        <div className="card-actions mt-auto pt-2">
          {disabled ? (
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
