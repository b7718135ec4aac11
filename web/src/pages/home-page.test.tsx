import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { admin, signInAs } from '../../test/signed-in';
import { buildTool, jsonResponse, renderWithProviders } from '../../test/test-utils';
import { HomePage } from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const noReviews = { 'GET /api/v1/reviews': () => jsonResponse({ success: true, data: [] }) };

describe('HomePage', () => {
  it("shows 'Something went wrong !' in red when the products cannot be fetched", async () => {
    stubApi({
      ...noReviews,
      'GET /api/v1/tools': () => jsonResponse({ success: false, message: 'Database is down' }, 503),
    });
    renderWithProviders(<HomePage />);

    const error = await screen.findByText('Something went wrong !');
    expect(error).toHaveClass('text-error');
    expect(screen.queryByRole('link', { name: 'Purchase Now' })).not.toBeInTheDocument();
  });

  it('asks for the newest six products and shows a card for each', async () => {
    const products = Array.from({ length: 6 }, () => buildTool());
    const fetchMock = stubApi({
      ...noReviews,
      'GET /api/v1/tools': () => jsonResponse({ success: true, data: products }),
    });
    renderWithProviders(<HomePage />);

    const featured = screen.getByRole('region', { name: 'Featured Products' });
    expect(within(featured).getByRole('status')).toBeInTheDocument();
    for (const product of products) {
      expect(await screen.findByRole('heading', { name: product.name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: 'Purchase Now' })).toHaveLength(6);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/tools?limit=6', expect.anything());
    await waitFor(() => expect(document.title).toBe('Home | Proper Parts'));
  });

  it('shows every section: banner, statistics, blog area, brands and reviews', async () => {
    stubApi({ ...noReviews });
    renderWithProviders(<HomePage />);

    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Explore Now' }).length).toBeGreaterThan(0);
    const stats = screen.getByRole('region', { name: 'Millions Business Trust Us' });
    // jsdom has no IntersectionObserver: the final numbers show at once.
    for (const figure of ['100+', '120M+', '100K+']) {
      expect(within(stats).getAllByText(figure).length).toBeGreaterThan(0);
    }
    expect(within(stats).getByText('5 stars')).toBeInTheDocument();
    const blog = screen.getByRole('region', { name: 'Our Blog Area' });
    expect(within(blog).getAllByRole('article')).toHaveLength(3);
    for (const date of ['January 20, 2022', 'February 3, 2022', 'March 10, 2022']) {
      expect(within(blog).getByText(date)).toBeInTheDocument();
    }
    const brands = screen.getByRole('region', { name: 'Brands We Trust' });
    expect(brands).toHaveTextContent('over 250 brands across 42 product categories');
    expect(brands).toHaveTextContent('40 million pieces of product information');
    expect(brands).toHaveTextContent('27 industries');
    const reviews = screen.getByRole('region', { name: 'What Our Customers Say' });
    expect(await within(reviews).findByText(/No reviews yet/)).toBeInTheDocument();
    expect(within(reviews).getByRole('link', { name: 'Write a Review' })).toHaveAttribute(
      'href',
      '/dashboard/review',
    );
  });

  it('See All Brands and Explore Now lead to the catalog (decisions.md)', async () => {
    stubApi({ ...noReviews });
    renderWithProviders(<HomePage />);
    const brands = screen.getByRole('region', { name: 'Brands We Trust' });
    expect(within(brands).getAllByRole('listitem')).toHaveLength(8);
    expect(within(brands).getByRole('link', { name: 'See All Brands' })).toHaveAttribute(
      'href',
      '/brands',
    );
    for (const link of screen.getAllByRole('link', { name: 'Explore Now' }))
      expect(link).toHaveAttribute('href', '/products');
  });

  it('disables Purchase Now and Write a Review for an admin, saying why', async () => {
    stubApi({
      ...signInAs(admin),
      ...noReviews,
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
    const write = screen.getByRole('button', { name: 'Write a Review' });
    expect(write).toBeDisabled();
    expect(write).toHaveAccessibleDescription(/Admins cannot write reviews/);
    expect(write.parentElement).toHaveAttribute(
      'data-tip',
      expect.stringMatching(/admins manage the shop/),
    );
  });
});
