import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { useWhenIdle } from '../../../lib/use-when-idle';
import { relatedPartsQuery, useCatalogSearch } from '../api/search-catalog';
import { SearchResultCard } from './search-result-card';

/** Up to four other parts of the same category. */
export function RelatedProducts({ product }: { product: CatalogProduct }) {
  const category = product.category?.slug ?? '';
  // Asked once the browser is idle: not part of the page's first paint or of its hydration.
  const wanted = useWhenIdle();
  const { data } = useCatalogSearch(relatedPartsQuery(category), { enabled: wanted && !!category });
  const related = (data?.items ?? []).filter((item) => item._id !== product._id).slice(0, 4);
  if (!category || related.length === 0) return null;
  return (
    <section aria-labelledby="related-parts" className="mt-12">
      <h2 id="related-parts" className="mb-4 text-xl font-bold">
        More {product.category?.name}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {related.map((item) => (
          <li key={item._id}>
            <SearchResultCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
