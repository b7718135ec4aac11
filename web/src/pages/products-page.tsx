import { searchTotalText } from '@proper-parts/domain/catalog-search';
import { formatCount } from '@proper-parts/domain/format';
import { SEARCH_SORTS, type SearchSort } from '@proper-parts/domain/search-sorts';
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Spinner } from '../components/spinner';
import { searchParamsOf, useCatalogSearch } from '../features/catalog/api/search-catalog';
import { DemoCatalogNotice } from '../features/catalog/components/demo-catalog-notice';
import { SearchBox } from '../features/catalog/components/search-box';
import { SearchFacets } from '../features/catalog/components/search-facets';
import { SearchResultCard } from '../features/catalog/components/search-result-card';
import { FitsMyVehicleFilter } from '../features/fitment/components/fits-my-vehicle-filter';
import { VehiclePanel } from '../features/fitment/components/vehicle-panel';
import { usePageTitle } from '../lib/use-page-title';

const setOrDelete = (next: URLSearchParams, key: string, value: string | null) =>
  value ? next.set(key, value) : next.delete(key);

const sortNames: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name A–Z',
};

/** `?vehicle=`: a positive whole number, else no vehicle filter. */
const vehicleOf = (params: URLSearchParams) => {
  const id = Number(params.get('vehicle'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * All parts (issue 16): search by part number or words, narrow by category, brand and stock, sort,
 * page by cursor; and by vehicle (issue 20, "Fits my vehicle"). The whole state is in the URL,
 * so a link or the back button restores it.
 */
export function ProductsPage() {
  usePageTitle('All Parts');
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const yearStepId = useId();
  const query = searchParamsOf(params);
  const { data, isPending, isError, error, isPlaceholderData } = useCatalogSearch(query);

  /** A new search or filter starts again from the first page. */
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('cursor');
          edit(next);
          return next;
        },
        // At once: a checkbox follows the URL, and must not flick back while the URL updates.
        { replace, flushSync: true },
      ),
    [setParams],
  );
  const onSearch = useCallback(
    (q: string) => change((next) => setOrDelete(next, 'q', q), true),
    [change],
  );
  const onVehicle = useCallback(
    (id: number | null) => change((next) => setOrDelete(next, 'vehicle', id ? String(id) : null)),
    [change],
  );
  /** No vehicle yet: open the filters (folded on phones) at the selector's first step. */
  const chooseVehicle = () => {
    setFiltersOpen(true);
    requestAnimationFrame(() => document.getElementById(yearStepId)?.focus());
  };

  const q = params.get('q') ?? '';
  const category = params.get('category');
  const brands = params.getAll('brand');
  const inStock = params.get('inStock') === 'true';
  const sort = (params.get('sort') ?? 'relevance') as SearchSort;
  const price = { min: params.get('minPrice') ?? '', max: params.get('maxPrice') ?? '' };
  const attributes = Object.fromEntries(
    [...params].filter(([key]) => key.startsWith('attr.')).map(([key, v]) => [key.slice(5), v]),
  );
  const filterCount =
    brands.length +
    (category ? 1 : 0) +
    (inStock ? 1 : 0) +
    (price.min || price.max ? 1 : 0) +
    Object.keys(attributes).length;
  const vehicle = vehicleOf(params);
  const filtered = Boolean(q || filterCount || vehicle);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="All Parts"
        description="Find a part by its number, its name, its brand or its category."
      />
      <DemoCatalogNotice />
      <div className="mb-6 max-w-2xl">
        <SearchBox value={q} onSearch={onSearch} />
      </div>
      {isError ? (
        <p role="alert" className="font-medium text-error">
          {error.message}
        </p>
      ) : isPending ? (
        <Spinner text="Finding parts…" />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
          <aside aria-label="Filters">
            {/* On phones the filters fold under a button, so the results come first. */}
            <button
              type="button"
              className="btn btn-outline btn-sm w-full lg:hidden"
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {filtersOpen ? 'Hide filters' : 'Filters'}
              {filterCount > 0 && ` (${filterCount})`}
            </button>
            <div
              className={`${filtersOpen ? 'mt-4 flex' : 'hidden'} flex-col gap-6 lg:mt-0 lg:flex`}
            >
              <VehiclePanel firstStepId={yearStepId} onChosen={(chosen) => onVehicle(chosen.id)} />
              <SearchFacets
                facets={data.facets}
                category={category}
                brands={brands}
                inStock={inStock}
                price={price}
                attributes={attributes}
                onCategory={(slug) =>
                  change((next) => {
                    // Another category has other specifications: their filters go with it.
                    for (const key of [...next.keys()])
                      if (key.startsWith('attr.')) next.delete(key);
                    setOrDelete(next, 'category', slug);
                  })
                }
                onBrand={(slug, on) =>
                  change((next) => {
                    const kept = next.getAll('brand').filter((b) => b !== slug);
                    next.delete('brand');
                    for (const b of on ? [...kept, slug] : kept) next.append('brand', b);
                  })
                }
                onInStock={(on) =>
                  change((next) => setOrDelete(next, 'inStock', on ? 'true' : null))
                }
                onPrice={({ min, max }) =>
                  change((next) => {
                    setOrDelete(next, 'minPrice', min);
                    setOrDelete(next, 'maxPrice', max);
                  })
                }
                onAttribute={(name, value) =>
                  change((next) => setOrDelete(next, `attr.${name}`, value))
                }
              />
            </div>
          </aside>
          <section aria-label="Results" aria-busy={isPlaceholderData}>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p data-testid="result-count" className="text-sm text-base-content/70">
                {searchTotalText(data)}{' '}
                {data.total === 1 && !data.totalIsLowerBound ? 'part' : 'parts'}
                {data.totalIsLowerBound &&
                  ` (filter counts from the first ${formatCount(data.total)})`}
                {data.didYouMean && (
                  <>
                    {' '}
                    · Did you mean{' '}
                    <button
                      type="button"
                      className="link link-primary"
                      onClick={() => onSearch(data.didYouMean ?? '')}
                    >
                      {data.didYouMean}
                    </button>
                    ?
                  </>
                )}
              </p>
              {/* Beside the count it narrows; the sort stays at the end of the row. */}
              <div className="mr-auto">
                <FitsMyVehicleFilter
                  vehicleId={vehicle}
                  onChange={onVehicle}
                  onChooseVehicle={chooseVehicle}
                />
              </div>
              <label className="flex items-center gap-2 text-sm">
                Sort by
                <select
                  className="select select-sm w-auto"
                  value={sort}
                  onChange={(event) =>
                    change((next) =>
                      setOrDelete(
                        next,
                        'sort',
                        event.target.value === 'relevance' ? null : event.target.value,
                      ),
                    )
                  }
                >
                  {SEARCH_SORTS.map((value) => (
                    <option key={value} value={value}>
                      {sortNames[value]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {data.items.length === 0 ? (
              <EmptyState title="No parts match">
                {filtered ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm mt-2"
                    onClick={() => setParams({})}
                  >
                    Clear the search and filters
                  </button>
                ) : (
                  'The catalog is empty.'
                )}
              </EmptyState>
            ) : (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {data.items.map((item, index) => (
                  <li key={item._id}>
                    {/* A phone shows the first, a wide screen the first three, above the fold. */}
                    <SearchResultCard item={item} first={index < 3} />
                  </li>
                ))}
              </ul>
            )}
            <nav aria-label="Pages" className="mt-6 flex gap-3">
              {params.get('cursor') && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => change(() => {})}
                >
                  First page
                </button>
              )}
              {data.nextCursor && (
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  onClick={() => {
                    const next = new URLSearchParams(params);
                    next.set('cursor', data.nextCursor ?? '');
                    setParams(next);
                    window.scrollTo({ top: 0 });
                  }}
                >
                  Next page
                </button>
              )}
            </nav>
          </section>
        </div>
      )}
    </div>
  );
}
