import type { SearchResult } from '@proper-parts/domain/catalog-search';
import { formatCount } from '@proper-parts/domain/format';

interface SearchFacetsProps {
  facets: SearchResult['facets'];
  category: string | null;
  brands: string[];
  inStock: boolean;
  onCategory: (slug: string | null) => void;
  onBrand: (slug: string, on: boolean) => void;
  onInStock: (on: boolean) => void;
}

/** Narrowing the results: category, brand and stock, each with how many parts it would leave. */
export function SearchFacets({
  facets,
  category,
  brands,
  inStock,
  onCategory,
  onBrand,
  onInStock,
}: SearchFacetsProps) {
  return (
    <div className="flex flex-col gap-6">
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={inStock}
          onChange={(event) => onInStock(event.target.checked)}
        />
        <span>In stock only</span>
      </label>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Category</legend>
        {category && (
          <button
            type="button"
            className="link link-primary mb-2 text-sm"
            onClick={() => onCategory(null)}
          >
            All categories
          </button>
        )}
        <ul className="flex flex-col gap-1 text-sm">
          {facets.categories.map((facet) => (
            <li key={facet.slug}>
              <button
                type="button"
                className={`link-hover text-left ${facet.slug === category ? 'font-semibold text-primary' : ''}`}
                aria-pressed={facet.slug === category}
                onClick={() => onCategory(facet.slug)}
              >
                {facet.name}{' '}
                <span className="text-base-content/60">({formatCount(facet.count)})</span>
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Brand</legend>
        <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto text-sm">
          {facets.brands.map((facet) => (
            <li key={facet.slug}>
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-xs"
                  checked={brands.includes(facet.slug)}
                  onChange={(event) => onBrand(facet.slug, event.target.checked)}
                />
                <span>
                  {facet.name}{' '}
                  <span className="text-base-content/60">({formatCount(facet.count)})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
