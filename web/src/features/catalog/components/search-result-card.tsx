import type { SearchItem } from '@proper-parts/domain/catalog-search';
import { isOutOfStock } from '@proper-parts/domain/stock';
import { Link } from 'react-router';
import { StruckListPrice } from '../../../components/struck-list-price';
import { paths } from '../../../config/paths';
import { formatPieces, formatPrice } from '../../../lib/format';
import { AddToCartButton } from '../../cart/components/add-to-cart';
import { useContractPrice } from '../api/buyer-prices';
import { ReplacedByNote } from './replaced-by-note';

/**
 * One part in the catalog's results: picture, name, part number, brand, price and stock.
 * `first`: among the first on screen, so its picture loads at once (the page's largest paint).
 */
export function SearchResultCard({ item, first = false }: { item: SearchItem; first?: boolean }) {
  const outOfStock = isOutOfStock(item);
  // Issue 35: a company buyer's contract price, the list price struck beside it.
  const contract = useContractPrice(item._id);
  const to = paths.product(item.slug);
  return (
    <article
      aria-label={item.name}
      data-testid="search-result"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      {/* The picture repeats the name's link for the mouse; keyboards and readers use the name's. */}
      <Link to={to} tabIndex={-1} aria-hidden="true">
        <figure className="aspect-4/3 bg-base-200">
          <img
            src={item.img}
            alt=""
            width={320}
            height={240}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            elementtiming={first ? 'first-screen' : undefined}
            decoding="async"
            className="h-full w-full object-contain p-4"
          />
        </figure>
      </Link>
      <div className="card-body gap-1.5 p-4">
        <p className="font-mono text-xs text-base-content/70" data-testid="sku">
          {item.sku}
        </p>
        <ReplacedByNote replacement={item.supersededBy} compact />
        <h2 className="font-semibold leading-snug">
          <Link to={to} className="link-hover">
            {item.name}
          </Link>
        </h2>
        <p className="text-sm text-base-content/70">
          {[item.brand?.name, item.category?.name].filter(Boolean).join(' · ')}
        </p>
        <p className="mt-1">
          <span className="text-lg font-bold text-primary" data-testid="result-price">
            {formatPrice(contract ? contract.unitPrice : item.price)}
          </span>{' '}
          <span className="text-xs text-base-content/70">per pc</span>
          {contract && (
            <StruckListPrice
              listPrice={contract.listPrice}
              price={contract.unitPrice}
              className="text-sm text-base-content/70"
              testId="result-list-price"
            />
          )}
        </p>
        <p className="text-xs text-base-content/70">
          {outOfStock ? (
            <span className="badge badge-error badge-sm">Out of stock</span>
          ) : (
            <>
              {formatPieces(item.availableQuantity)} in stock · min.{' '}
              {formatPieces(item.minimumOrderQuantity)}
            </>
          )}
        </p>
        <AddToCartButton product={item} />
      </div>
    </article>
  );
}
