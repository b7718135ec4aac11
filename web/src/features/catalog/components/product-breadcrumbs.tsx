import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** All Parts, then the product's category chain, each a link to its parts. */
export function Breadcrumbs({ product }: { product: CatalogProduct }) {
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs text-sm">
      <ul>
        <li>
          <Link to={paths.products()}>All Parts</Link>
        </li>
        {product.categoryPath.map((category) => (
          <li key={category.slug}>
            <Link to={paths.products({ category: category.slug })}>{category.name}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
