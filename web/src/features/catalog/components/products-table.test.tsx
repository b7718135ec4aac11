import type { Tool } from '@proper-parts/domain/catalog';
import { messages, productDeletedMessage } from '@proper-parts/domain/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../../../test/auth-stubs';
import { admin, signInAs } from '../../../../test/signed-in';
import { buildTool, jsonResponse, renderWithProviders } from '../../../../test/test-utils';
import { PRODUCTS_PAGE_SIZE, ProductsTable } from './products-table';

const catalog: Tool[] = Array.from({ length: 13 }, (_, i) =>
  buildTool({ name: `Part ${i + 1}`, price: 2.85 + i, availableQuantity: 45_000 }),
);

/** The list and delete endpoints over an in-memory catalog, honouring limit and offset. */
function stubCatalog(products: Tool[]) {
  let live = [...products];
  const fetchMock = stubApi(signInAs(admin));
  // stubApi matches on the path only; the list must answer the page its query string asks for.
  const inner = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && url.pathname === '/api/v1/tools') {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      return jsonResponse({ success: true, data: live.slice(offset, offset + limit) });
    }
    const id = url.pathname.match(/^\/api\/v1\/tools\/(.+)$/)?.[1];
    if (method === 'DELETE' && id) {
      const found = live.some((p) => p._id === id);
      live = live.filter((p) => p._id !== id);
      return found
        ? jsonResponse({ success: true, data: { deletedCount: 1 } })
        : jsonResponse({ success: false, message: 'Product not found' }, 404);
    }
    return inner ? inner(input, init) : jsonResponse({}, 404);
  });
  return fetchMock;
}

/** `GET /catalog/search` over `found`, by cursor (the offset as a string); every query kept. */
function stubSearch(fetchMock: ReturnType<typeof stubCatalog>, found: Tool[]) {
  const queries: URLSearchParams[] = [];
  const inner = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname !== '/api/v1/catalog/search')
      return inner ? inner(input, init) : jsonResponse({}, 404);
    queries.push(url.searchParams);
    const limit = Number(url.searchParams.get('limit'));
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const items = found.slice(from, from + limit).map((p) => ({
      ...p,
      sku: `SKU-${p._id}`,
      brand: null,
      category: null,
      packSize: 1,
      salesUnit: 'each',
      maxOrderQuantity: null,
    }));
    const more = from + limit < found.length;
    return jsonResponse({
      success: true,
      data: {
        items,
        nextCursor: more ? String(from + limit) : null,
        total: found.length,
        totalIsLowerBound: false,
        facets: { brands: [], categories: [], inStock: found.length, price: null, attributes: [] },
        didYouMean: null,
      },
    });
  });
  return queries;
}

const renderTable = (route = '/dashboard/manageProducts') =>
  renderWithProviders(
    <>
      <ProductsTable />
      <Toaster />
    </>,
    { route },
  );

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('ProductsTable', () => {
  it('shows ten products a page with image, name, price, MOQ and stock, and pages on', async () => {
    const user = userEvent.setup();
    stubCatalog(catalog);
    renderTable();

    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      '#',
      'Image',
      'Name',
      'Price',
      'MOQ',
      'Stock',
      'Action',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(PRODUCTS_PAGE_SIZE + 1);
    const first = rowOf('Part 1');
    expect(within(first).getByRole('img', { name: 'Part 1' })).toHaveAttribute('width', '56');
    expect(within(first).getAllByText('$2.85')).not.toHaveLength(0);
    expect(within(first).getAllByText('45,000 pcs')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Part 11')).toBeInTheDocument();
    expect(screen.queryByText('Part 1')).not.toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('deletes after the confirm modal, toasts "{name} - product is deleted." and refreshes', async () => {
    const user = userEvent.setup();
    const fetchMock = stubCatalog(catalog);
    renderTable();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete Part 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Part 2?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(productDeletedMessage('Part 2'))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url),
    ).toEqual([`/api/v1/tools/${catalog[1]?._id}`]);
    await vi.waitFor(() => expect(screen.queryByText('Part 2')).not.toBeInTheDocument());
    expect(screen.getByText('Part 11')).toBeInTheDocument();
  });

  it('deleting the only product of the last page steps back a page', async () => {
    const user = userEvent.setup();
    stubCatalog(catalog.slice(0, PRODUCTS_PAGE_SIZE + 1));
    const { router } = renderTable('/dashboard/manageProducts?page=2');
    expect(await screen.findByText('Page 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Part 11' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Part 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    // Ten products left: one page, so no pager at all.
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).not.toBeInTheDocument();
  });

  it('Cancel closes the modal and deletes nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubCatalog(catalog);
    renderTable();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete Part 3' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);
  });

  it('says so in the modal when the product was already deleted elsewhere', async () => {
    const user = userEvent.setup();
    const gone = buildTool({ name: 'Gone Part' });
    const fetchMock = stubCatalog([gone]);
    renderTable();
    await screen.findByRole('table');
    // Another admin deletes it first.
    await fetch(`/api/v1/tools/${gone._id}`, { method: 'DELETE' });
    fetchMock.mockClear();

    await user.click(screen.getByRole('button', { name: 'Delete Gone Part' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.queryByText(productDeletedMessage('Gone Part'))).not.toBeInTheDocument();
  });

  it('shows the server message in red when the list cannot be read', async () => {
    stubApi({
      ...signInAs(admin),
      'GET /api/v1/tools': () => jsonResponse({ success: false, message: messages.forbidden }, 403),
    });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.forbidden);
  });

  it('searches the catalog from the box (issue 31), pages the results by cursor, and lists all again when emptied', async () => {
    const user = userEvent.setup();
    const gears = Array.from({ length: 12 }, (_, i) => buildTool({ name: `Gear ${i + 1}` }));
    const queries = stubSearch(stubCatalog(catalog), gears);
    renderTable();
    await screen.findByText('Part 1');

    await user.type(screen.getByRole('searchbox', { name: 'Search parts' }), 'gear');
    expect(await screen.findByText('12 products match “gear”')).toBeInTheDocument();
    expect(queries.at(-1)?.get('q')).toBe('gear');
    expect(queries.at(-1)?.get('limit')).toBe(String(PRODUCTS_PAGE_SIZE));
    expect(screen.queryByText('Part 1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Gear 1' })).toHaveAttribute(
      'href',
      `/dashboard/manageProducts/${gears[0]?._id}/edit`,
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Gear 11')).toBeInTheDocument();
    expect(queries.at(-1)?.get('cursor')).toBe('10');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Gear 1')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search parts' }));
    expect(await screen.findByText('Part 1')).toBeInTheDocument();
  });

  it('says so when a search finds nothing', async () => {
    stubSearch(stubCatalog(catalog), []);
    renderTable('/dashboard/manageProducts?q=nothing');
    expect(await screen.findByText('No products match “nothing”.')).toBeInTheDocument();
  });
});
