import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/auth-stubs';
import { buildTool, jsonResponse, renderWithProviders } from '../../test/test-utils';
import { createQueryClient } from './query-client';

/** With the app's own query client (its staleTime), as on the real page. */
function renderInApp(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('first-data')?.remove();
});

/** The server puts the featured six inside the home page's HTML (server/src/plugins/first-html.ts). */
function pageWithFirstData(data: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-data';
  block.textContent = JSON.stringify(data);
  document.head.append(block);
}

describe('data inside the first HTML', () => {
  it('the featured six show from the page itself, without asking the API', async () => {
    const products = Array.from({ length: 6 }, () => buildTool());
    pageWithFirstData({ '/api/v1/tools?limit=6': { success: true, data: products } });
    const fetchMock = stubApi({
      'GET /api/v1/tools': () => jsonResponse({ success: true, data: [] }),
    });
    vi.resetModules();
    const { FeaturedProducts } = await import('../features/catalog/components/featured-products');
    renderInApp(<FeaturedProducts />);
    for (const product of products) {
      expect(screen.getByRole('heading', { name: product.name })).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1/tools?limit=6', expect.anything());
  });

  it('data that does not match the schema is ignored: the page fetches as before', async () => {
    pageWithFirstData({ '/api/v1/tools?limit=6': { success: true, data: [{ name: 1 }] } });
    const products = [buildTool()];
    const fetchMock = stubApi({
      'GET /api/v1/tools': () => jsonResponse({ success: true, data: products }),
    });
    vi.resetModules();
    const { FeaturedProducts } = await import('../features/catalog/components/featured-products');
    renderWithProviders(<FeaturedProducts />);
    expect(await screen.findByRole('heading', { name: products[0]?.name })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/tools?limit=6', expect.anything());
  });
});
