import type { Tool } from '@proper-parts/domain/catalog';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatPieces } from '../../../lib/format';

/** In place of the order form when the stock left is below the minimum order: no dead form. */
export function OutOfStockNotice({ product }: { product: Tool }) {
  return (
    <div className="flex flex-col gap-3" data-testid="out-of-stock">
      <p>
        <span className="badge badge-error">Out of stock</span>
      </p>
      <p>
        {product.availableQuantity > 0
          ? `Only ${formatPieces(product.availableQuantity)} left, below the minimum order of ${formatPieces(product.minimumOrderQuantity)}. It cannot be ordered until the stock is refilled.`
          : 'None left. It cannot be ordered until the stock is refilled.'}
      </p>
      <Link to={paths.home} className="btn btn-outline w-fit">
        See other parts
      </Link>
    </div>
  );
}
