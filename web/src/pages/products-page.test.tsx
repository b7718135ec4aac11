import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { corolla, ok } from '../../test/fitment-fixtures';
import { customer, signInAs } from '../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { visitorGarage } from '../features/fitment/visitor-garage';
import { ProductsPage } from './products-page';

afterEach(() => {
  vi.unstubAllGlobals();
  visitorGarage.clear();
  setSession(null);
});

const item = (sku: string, name: string) => ({
  _id: `00000000-0000-4000-8000-${sku.replace(/\D/g, '').padStart(12, '0').slice(-12)}`,
  sku,
  slug: sku.toLowerCase(),
  name,
  brand: { slug: 'rollwell', name: 'Rollwell' },
  category: { slug: 'ball-bearings', name: 'Ball bearings' },
  price: 4.2,
  img: '/images/categories/bearings.svg',
  minimumOrderQuantity: 10,
  availableQuantity: 500,
  packSize: 1,
  salesUnit: 'each',
  maxOrderQuantity: null,
});

const answer = (
  items: ReturnType<typeof item>[],
  nextCursor: string | null = null,
  count: { total: number; totalIsLowerBound: boolean } = {
    total: items.length,
    totalIsLowerBound: false,
  },
) =>
  jsonResponse({
    success: true,
    data: {
      items,
      nextCursor,
      ...count,
      facets: {
        brands: [{ slug: 'rollwell', name: 'Rollwell', count: 7 }],
        categories: [{ slug: 'bearings', name: 'Bearings', count: 1200 }],
        inStock: 5,
        price: { min: 1.8, max: 24 },
        attributes: [
          { name: 'bore', unit: 'mm', min: 10, max: 60, values: [] },
          {
            name: 'seal',
            unit: null,
            min: null,
            max: null,
            values: [
              { value: 'rubber seals', count: 40 },
              { value: 'metal shields', count: 30 },
            ],
          },
        ],
      },
      didYouMean: null,
    },
  });

const searches = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/api/v1/catalog/search')
    .map((url) => url.search);

describe('ProductsPage', () => {
  it('searches as the buyer types (debounced), with the query in the URL', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/catalog/search': () =>
        answer([item('BRG-6204-2RS', 'Deep groove ball bearing 6204-2RS')]),
    });
    const { router } = renderWithProviders(<ProductsPage />, {
      route: '/products',
      path: '/products',
    });
    expect(await screen.findByText('Deep groove ball bearing 6204-2RS')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search parts'), 'brg6204');
    await waitFor(() => expect(router.state.location.search).toBe('?q=brg6204'));
    // One request for the typed word, not one per letter.
    await waitFor(() => expect(searches(fetchMock)).toContain('?q=brg6204'));
    expect(searches(fetchMock).filter((s) => s.startsWith('?q=brg')).length).toBe(1);
    expect(screen.getByTestId('result-count')).toHaveTextContent('1 part');
  });

  it('says plainly when a broad search was counted only up to its bound: "10,000+ parts" (issue 32)', async () => {
    stubApi({
      'GET /api/v1/catalog/search': () =>
        answer([item('BRG-6204ZZ', 'Bearing 6204ZZ')], 'c2', {
          total: 10_000,
          totalIsLowerBound: true,
        }),
    });
    renderWithProviders(<ProductsPage />, { route: '/products?q=bearing', path: '/products' });
    await screen.findByText('Bearing 6204ZZ');
    expect(screen.getByTestId('result-count')).toHaveTextContent(
      '10,000+ parts (filter counts from the first 10,000)',
    );
  });

  it('narrows by brand and stock from the URL, and pages on by cursor', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/catalog/search': () => answer([item('BRG-6204ZZ', 'Bearing 6204ZZ')], 'c2'),
    });
    const { router } = renderWithProviders(<ProductsPage />, {
      route: '/products',
      path: '/products',
    });
    await screen.findByText('Bearing 6204ZZ');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Rollwell/ }));
    await user.click(screen.getByRole('checkbox', { name: /^In stock only/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?brand=rollwell&inStock=true'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(searches(fetchMock).at(-1)).toBe('?brand=rollwell&cursor=c2&inStock=true'),
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', {
        name: 'First page',
      }),
    ).toBeInTheDocument();
  });

  it('filters by price and by the category’s specifications, refusing a range upside down', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/catalog/search': () => answer([item('BRG-6204-2RS', 'Bearing 6204')]),
    });
    const { router } = renderWithProviders(<ProductsPage />, {
      route: '/products?category=ball-bearings',
      path: '/products',
    });
    const user = userEvent.setup();
    const boreFrom = await screen.findByLabelText('Bore (mm) from');
    expect(boreFrom).toHaveAttribute('placeholder', '10');
    await user.type(boreFrom, '30');
    await user.type(screen.getByLabelText('Bore (mm) to'), '20');
    await user.click(within(boreFrom.closest('fieldset') as HTMLElement).getByRole('button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The lowest is above the highest');
    expect(router.state.location.search).toBe('?category=ball-bearings');

    await user.clear(screen.getByLabelText('Bore (mm) to'));
    await user.type(screen.getByLabelText('Bore (mm) to'), '40{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=ball-bearings&attr.bore=30..40'),
    );
    await user.click(screen.getByRole('checkbox', { name: /metal shields/ }));
    await user.type(screen.getByLabelText('Price ($) to'), '12.5{Enter}');
    await waitFor(() =>
      expect(searches(fetchMock)).toContain(
        '?attr.bore=30..40&attr.seal=metal+shields&category=ball-bearings&maxPrice=12.5',
      ),
    );
    expect(screen.getByText(/In stock only/)).toHaveTextContent('(5)');
    // Another category has other specifications: their filters go.
    await user.click(screen.getByRole('button', { name: /Bearings/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=bearings&maxPrice=12.5'),
    );
  });

  it('says so plainly when nothing matches, and offers to clear the filters', async () => {
    stubApi({ 'GET /api/v1/catalog/search': () => answer([]) });
    const { router } = renderWithProviders(<ProductsPage />, {
      route: '/products?q=nothing-like-this&inStock=true',
      path: '/products',
    });
    expect(await screen.findByText('No parts match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('ProductsPage: Fits my vehicle (issue 20)', () => {
  it('adds the current vehicle to the search, in the URL, with the search, a brand and paging', async () => {
    visitorGarage.add(corolla);
    const fetchMock = stubApi({
      'GET /api/v1/catalog/search': () => answer([item('BRK-100', 'Front brake pads')], 'c2'),
      'GET /api/v1/vehicles/7': () => ok(corolla),
    });
    const { router } = renderWithProviders(<ProductsPage />, {
      route: '/products?q=pads&brand=rollwell',
      path: '/products',
    });
    const user = userEvent.setup();
    const filter = await screen.findByRole('checkbox', {
      name: 'Fits my vehicle (2015 Toyota Corolla 1.8L L4)',
    });
    expect(filter).not.toBeChecked();

    await user.click(filter);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=pads&brand=rollwell&vehicle=7'),
    );
    await waitFor(() => expect(searches(fetchMock)).toContain('?brand=rollwell&q=pads&vehicle=7'));
    expect(screen.getByRole('checkbox', { name: /^Fits my vehicle/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(searches(fetchMock).at(-1)).toBe('?brand=rollwell&cursor=c2&q=pads&vehicle=7'),
    );

    // Off again: the vehicle leaves the URL and the search, from the first page.
    await user.click(screen.getByRole('checkbox', { name: /^Fits my vehicle/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=pads&brand=rollwell'));
  });

  it("reads a shared link's vehicle, named from the API, without a vehicle of one's own", async () => {
    const other = { ...corolla, id: 9, year: 2018 };
    const fetchMock = stubApi({
      'GET /api/v1/catalog/search': () => answer([item('BRK-100', 'Front brake pads')]),
      'GET /api/v1/vehicles/9': () => ok(other),
    });
    renderWithProviders(<ProductsPage />, { route: '/products?vehicle=9', path: '/products' });
    expect(
      await screen.findByRole('checkbox', {
        name: 'Fits my vehicle (2018 Toyota Corolla 1.8L L4)',
      }),
    ).toBeChecked();
    expect(searches(fetchMock)).toEqual(['?vehicle=9']);
  });

  it('offers to choose a vehicle when none is current, and filters by the one chosen', async () => {
    stubApi({
      'GET /api/v1/catalog/search': () => answer([item('BRK-100', 'Front brake pads')]),
      'GET /api/v1/vehicles/years': () => ok([2015]),
      'GET /api/v1/vehicles/makes': () => ok(['Toyota']),
      'GET /api/v1/vehicles/models': () => ok(['Corolla']),
      'GET /api/v1/vehicles/engines': () => ok([corolla]),
      'GET /api/v1/vehicles/7': () => ok(corolla),
    });
    const { router } = renderWithProviders(<ProductsPage />, {
      route: '/products?q=pads',
      path: '/products',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Choose your vehicle' }));
    await waitFor(() => expect(screen.getByLabelText('Year')).toHaveFocus());
    expect(screen.queryByRole('checkbox', { name: /^Fits my vehicle/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Model'), 'Corolla');
    await waitFor(() => expect(screen.getByLabelText('Engine')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Engine'), '1.8L L4 (2ZR-FE)');

    await waitFor(() => expect(router.state.location.search).toBe('?q=pads&vehicle=7'));
    // The box can be drawn a render before it reads the chosen vehicle (a loaded CI saw it unchecked).
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /^Fits my vehicle/ })).toBeChecked(),
    );
  });
});

describe('ProductsPage for a company buyer (issue 35)', () => {
  it("shows each result's contract price with the list price struck, asked in one request", async () => {
    const bearing = item('BRG-6204', 'Bearing 6204');
    const nut = item('NUT-M8', 'Nut M8');
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/catalog/search': () => answer([bearing, nut]),
      'GET /api/v1/catalog/prices': () =>
        jsonResponse({
          success: true,
          data: [
            {
              productId: bearing._id,
              unitPrice: 3.8,
              listPrice: 4.2,
              priceBreaks: [],
              source: 'contract',
              priceList: { id: 'l1', name: 'Net 2027' },
            },
            {
              productId: nut._id,
              unitPrice: 4.2,
              listPrice: 4.2,
              priceBreaks: [],
              source: 'list',
              priceList: null,
            },
          ],
        }),
    });
    renderWithProviders(<ProductsPage />, { route: '/products' });
    const card = await screen.findByRole('article', { name: 'Bearing 6204' });
    await waitFor(() =>
      expect(within(card).getByTestId('result-price')).toHaveTextContent('$3.80'),
    );
    expect(within(card).getByTestId('result-list-price')).toHaveTextContent('$4.20');
    const other = screen.getByRole('article', { name: 'Nut M8' });
    expect(within(other).getByTestId('result-price')).toHaveTextContent('$4.20');
    expect(within(other).queryByTestId('result-list-price')).toBeNull();
    const priceAsks = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/catalog/prices');
    expect(priceAsks).toHaveLength(1);
    expect(priceAsks[0]?.searchParams.get('productIds')?.split(',').sort()).toEqual(
      [bearing._id, nut._id].sort(),
    );
  });
});
