import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-stubs';
import { jsonResponse, renderWithProviders } from '../../test/test-utils';
import { BrandsPage } from './brands-page';
import { CategoriesPage } from './categories-page';

afterEach(() => vi.unstubAllGlobals());

describe('BrandsPage', () => {
  it('lists brands A–Z under their letters, each leading to its parts, with counts', async () => {
    stubApi({
      'GET /api/v1/catalog/brands': () =>
        jsonResponse({
          success: true,
          data: [
            { slug: 'armara-precision', name: 'Armara Precision', count: 1234 },
            { slug: 'belsel-drive', name: 'Belsel Drive', count: 40 },
            { slug: 'brixton', name: 'Brixton', count: 2 },
            { slug: '3d-parts', name: '3D Parts', count: 1 },
          ],
        }),
    });
    renderWithProviders(<BrandsPage />, { route: '/brands', path: '/brands' });
    const b = await screen.findByRole('region', { name: 'B' });
    expect(
      within(b)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Belsel Drive40', 'Brixton2']);
    expect(screen.getByRole('link', { name: /Armara Precision/ })).toHaveAttribute(
      'href',
      '/products?brand=armara-precision',
    );
    expect(screen.getByRole('link', { name: /Armara Precision/ })).toHaveTextContent('1,234');
    expect(screen.getByRole('region', { name: '#' })).toHaveTextContent('3D Parts');
    const letters = screen.getByRole('navigation', { name: 'Letters' });
    expect(
      within(letters)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['#', 'A', 'B']);
    expect(screen.getByText('4 manufacturers, A–Z. Open one to see its parts.')).toBeVisible();
  });

  it('says so when the shop has no brands yet', async () => {
    stubApi({ 'GET /api/v1/catalog/brands': () => jsonResponse({ success: true, data: [] }) });
    renderWithProviders(<BrandsPage />, { route: '/brands', path: '/brands' });
    expect(await screen.findByText('No brands yet')).toBeInTheDocument();
  });
});

describe('CategoriesPage', () => {
  it('shows the tree with counts, each category leading to its parts', async () => {
    stubApi({
      'GET /api/v1/catalog/categories': () =>
        jsonResponse({
          success: true,
          data: [
            {
              slug: 'bearings',
              name: 'Bearings',
              count: 1500,
              children: [
                {
                  slug: 'rolling-bearings',
                  name: 'Rolling Bearings',
                  count: 1500,
                  children: [
                    { slug: 'ball-bearings', name: 'Ball Bearings', count: 900, children: [] },
                  ],
                },
              ],
            },
          ],
        }),
    });
    renderWithProviders(<CategoriesPage />, { route: '/categories', path: '/categories' });
    const leaf = await screen.findByRole('link', { name: /Ball Bearings/ });
    expect(leaf).toHaveAttribute('href', '/products?category=ball-bearings');
    expect(leaf).toHaveTextContent('(900)');
    expect(screen.getByRole('link', { name: /^Bearings/ })).toHaveTextContent('(1,500)');
    expect(screen.getByRole('heading', { level: 2, name: /Bearings/ })).toBeInTheDocument();
  });
});
