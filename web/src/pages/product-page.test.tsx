import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { customer, signInAs } from '../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { ProductPage } from './product-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const bearing = {
  _id: '00000000-0000-4000-8000-000000006204',
  sku: 'BRG-6204-2RS',
  slug: 'deep-groove-ball-bearing-6204',
  name: 'Deep Groove Ball Bearing 6204',
  brand: { slug: 'armara-precision', name: 'Armara Precision' },
  category: { slug: 'ball-bearings', name: 'Ball Bearings' },
  categoryPath: [
    { slug: 'bearings', name: 'Bearings' },
    { slug: 'ball-bearings', name: 'Ball Bearings' },
  ],
  price: 4.2,
  img: '/images/categories/bearings.svg',
  minimumOrderQuantity: 10,
  availableQuantity: 12000,
  mpn: '6204-2RS',
  description: 'Sealed both sides.',
  createdAt: '2026-11-01T00:00:00.000Z',
  attributes: [
    { name: 'bore', value: '20', num: 20, unit: 'mm' },
    { name: 'seal', value: 'rubber seals', num: null, unit: null },
  ],
  crossReferences: [{ kind: 'oem', number: '12-6204' }],
  stock: [
    { warehouse: 'Leeds', quantity: 12 },
    { warehouse: 'Rotterdam', quantity: 40 },
  ],
  packSize: 1,
  salesUnit: 'each',
  maxOrderQuantity: null,
  priceBreaks: [
    { minQuantity: 100, price: 3.9 },
    { minQuantity: 1000, price: 3.5 },
  ],
  weightGrams: 240,
  lengthMm: 60,
  widthMm: 60,
  heightMm: 20,
};

const at = (slug: string) => ({ route: `/products/${slug}`, path: '/products/:slug' });

describe('ProductPage', () => {
  it('shows every field, the specifications, cross-references and breadcrumbs', async () => {
    stubApi({
      'GET /api/v1/catalog/products/deep-groove-ball-bearing-6204': () =>
        jsonResponse({ success: true, data: bearing }),
      'GET /api/v1/catalog/search': () =>
        jsonResponse({
          success: true,
          data: {
            items: [],
            nextCursor: null,
            total: 0,
            totalIsLowerBound: false,
            facets: { brands: [], categories: [], inStock: 0, price: null, attributes: [] },
            didYouMean: null,
          },
        }),
    });
    renderWithProviders(<ProductPage />, at(bearing.slug));
    expect(
      await screen.findByRole('heading', { level: 1, name: bearing.name }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('sku')).toHaveTextContent('BRG-6204-2RS');
    expect(screen.getByTestId('price')).toHaveTextContent('$4.20');
    expect(screen.getByTestId('warehouse-stock')).toHaveTextContent('12 in Leeds, 40 in Rotterdam');
    expect(screen.getByText(/in stock · minimum order/)).toHaveTextContent(
      /12,000\spcs in stock · minimum order 10\spcs/,
    );
    expect(screen.getByRole('link', { name: 'Armara Precision' })).toHaveAttribute(
      'href',
      '/products?brand=armara-precision',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/products', '/products?category=bearings', '/products?category=ball-bearings']);
    const specs = screen.getByRole('region', { name: 'Specifications' });
    expect(within(specs).getByRole('row', { name: 'Bore 20 mm' })).toBeInTheDocument();
    expect(within(specs).getByRole('row', { name: 'Seal rubber seals' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'OEM 12-6204' })).toBeInTheDocument();
    // Tier prices: the base price up to the first break, then each break's.
    const tiers = screen.getByRole('region', { name: 'Volume pricing' });
    expect(
      within(tiers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['QuantityUnit price', '1–99$4.20', '100–999$3.90', '1,000+$3.50']);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Purchase Now' })).toHaveAttribute(
      'href',
      `/purchase/${bearing._id}`,
    );
    expect(document.title).toBe('Deep Groove Ball Bearing 6204 | Proper Parts');
  });

  it('says a part is out of stock, with no way to buy it', async () => {
    stubApi({
      'GET /api/v1/catalog/products/sold-out': () =>
        jsonResponse({
          success: true,
          data: { ...bearing, slug: 'sold-out', availableQuantity: 5 },
        }),
    });
    renderWithProviders(<ProductPage />, at('sold-out'));
    expect(await screen.findByText('Out of stock', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });

  it('shows "Product not found" for an unknown slug', async () => {
    stubApi({
      'GET /api/v1/catalog/products/no-such-part': () =>
        jsonResponse({ success: false, message: 'Product not found' }, 404),
    });
    renderWithProviders(<ProductPage />, at('no-such-part'));
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });

  it('shows a company buyer their contract price, the list price struck through, and their breaks (issue 35)', async () => {
    stubApi({
      ...signInAs(customer),
      'GET /api/v1/catalog/products/deep-groove-ball-bearing-6204': () =>
        jsonResponse({ success: true, data: bearing }),
      'GET /api/v1/catalog/prices': () =>
        jsonResponse({
          success: true,
          data: [
            {
              productId: bearing._id,
              unitPrice: 3.8,
              listPrice: 4.2,
              priceBreaks: [{ minQuantity: 500, price: 3.1 }],
              source: 'contract',
              priceList: { id: 'l1', name: 'Net 2027' },
            },
          ],
        }),
    });
    renderWithProviders(<ProductPage />, at(bearing.slug));
    await screen.findByText('Your price');
    expect(screen.getByTestId('price')).toHaveTextContent('$3.80');
    expect(screen.getByTestId('list-price')).toHaveTextContent('$4.20');
    const tiers = screen.getByRole('region', { name: 'Volume pricing' });
    expect(
      within(tiers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['QuantityUnit price', '1–499$3.80', '500+$3.10']);
  });
});
