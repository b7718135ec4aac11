import { searchTotalText } from '@proper-parts/domain/catalog-search';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useToolsPage } from '../api/get-tools-page';
import { useCatalogSearch } from '../api/search-catalog';
import { Pager, ProductRows } from './product-rows';
import { SearchBox } from './search-box';

export const PRODUCTS_PAGE_SIZE = 10;

const failed = (message: string) => (
  <p role="alert" className="font-medium text-error">
    {message}
  </p>
);

/** Every product, newest first, a page at a time (`?page=` in the URL). */
function NewestProducts() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { replace: true });
  const { data, isPending, isError, error, isPlaceholderData } = useToolsPage(
    page,
    PRODUCTS_PAGE_SIZE,
  );

  // Deleting the last product of the last page leaves it empty: step back to one that is not.
  const emptyPage = data !== undefined && data.products.length === 0 && page > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage is recreated each render.
  useEffect(() => {
    if (emptyPage && !isPlaceholderData) setPage(page - 1);
  }, [emptyPage, isPlaceholderData, page]);

  if (isPending) return <Spinner text="Loading products…" />;
  if (isError) return failed(error.message);
  if (data.products.length === 0 && page === 1) {
    return <p className="text-base-content/70">No products in the catalog.</p>;
  }
  return (
    <>
      <ProductRows
        products={data.products}
        first={(page - 1) * PRODUCTS_PAGE_SIZE}
        dimmed={isPlaceholderData}
      />
      <Pager page={page} hasNext={data.hasNext} onPage={setPage} />
    </>
  );
}

/**
 * The products a search finds (`GET /catalog/search`: part numbers, names, words), best first,
 * a page at a time. The search pages by cursor: the cursors of the pages seen are kept to go back.
 */
function FoundProducts({ q }: { q: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const query = new URLSearchParams({ q, limit: String(PRODUCTS_PAGE_SIZE) });
  const cursor = cursors.at(-1);
  if (cursor) query.set('cursor', cursor);
  const { data, isPending, isError, error, isPlaceholderData } = useCatalogSearch(query);

  if (isPending) return <Spinner text="Searching products…" />;
  if (isError) return failed(error.message);
  if (data.items.length === 0 && cursors.length === 0) {
    return <p className="text-base-content/70">No products match “{q}”.</p>;
  }
  const page = cursors.length + 1;
  const next = data.nextCursor;
  return (
    <>
      <p className="mb-2 text-sm text-base-content/70" aria-live="polite">
        {searchTotalText(data)}{' '}
        {data.total === 1 && !data.totalIsLowerBound ? 'product matches' : 'products match'} “{q}”
      </p>
      <ProductRows
        products={data.items}
        first={(page - 1) * PRODUCTS_PAGE_SIZE}
        dimmed={isPlaceholderData}
      />
      <Pager
        page={page}
        hasNext={next !== null}
        onPage={(to) =>
          setCursors((seen) => (to > page && next ? [...seen, next] : seen.slice(0, to - 1)))
        }
      />
    </>
  );
}

/**
 * Manage Products: every product, newest first, ten a page, or those a search finds (`?q=`); each
 * with Edit, and Delete behind a modal.
 */
export function ProductsTable() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  // Stable: the box searches in an effect that follows it.
  const search = useCallback(
    (next: string) => setParams(next ? { q: next } : {}, { replace: true }),
    [setParams],
  );
  return (
    <>
      <div className="mb-4 max-w-xl">
        <SearchBox value={q} onSearch={search} />
      </div>
      {q ? <FoundProducts key={q} q={q} /> : <NewestProducts />}
    </>
  );
}
