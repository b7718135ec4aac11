import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { admin, signInAs } from '../../test/signed-in';
import { buildTool, jsonResponse, renderWithProviders } from '../../test/test-utils';
import { HomePage } from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('HomePage', () => {
  it("shows 'Something went wrong !' in red when the products cannot be fetched", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, message: 'Database is down' }, 503)),
    );
    renderWithProviders(<HomePage />);

    const error = await screen.findByText('Something went wrong !');
    expect(error).toHaveClass('text-error');
    expect(screen.queryByRole('link', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });

  it('asks for the newest six products and shows a card for each', async () => {
    const products = Array.from({ length: 6 }, () => buildTool());
    const fetchMock = vi.fn(async () => jsonResponse({ success: true, data: products }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HomePage />);

    expect(screen.getByRole('status')).toBeInTheDocument();
    for (const product of products) {
      expect(await screen.findByRole('heading', { name: product.name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'Purchase Now' })).toHaveLength(6);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/tools?limit=6', expect.anything());
    await waitFor(() => expect(document.title).toBe('Home | Proper Parts'));
  });

  it('disables every Purchase Now button for an admin', async () => {
    stubApi({
      ...signInAs(admin),
      'GET /api/v1/tools': () => jsonResponse({ success: true, data: [buildTool(), buildTool()] }),
    });
    renderWithProviders(<HomePage />);

    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Purchase Now' })).toHaveLength(2),
    );
    for (const button of screen.getAllByRole('button', { name: 'Purchase Now' })) {
      expect(button).toBeDisabled();
    }
    expect(screen.queryByRole('link', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });
});
