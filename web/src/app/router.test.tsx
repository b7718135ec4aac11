import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '../../test/test-utils';
import { routes } from './router';

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  document.title = '';
  // Pages that fetch get a failing answer; these tests only check that each route renders.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ success: false, message: 'x' }, 404)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it.each([
    ['/', 'The right parts, in the quantities your business needs', 'Home'],
    ['/blogs', 'Blogs', 'Blogs'],
    ['/portfolio', 'Portfolio', 'Portfolio'],
    ['/signin', 'Sign In', 'Sign In'],
    ['/signup', 'Sign Up', 'Sign Up'],
    ['/reset-password', 'Reset Password', 'Reset Password'],
    ['/purchase/abc', 'Purchase', 'Purchase'],
    ['/dashboard', 'My Orders', 'My Orders'],
    ['/dashboard/review', 'Give a Review', 'Add A Review'],
    ['/dashboard/profile', 'My Profile', 'My Profile'],
    ['/dashboard/manageOrder', 'Manage All Orders', 'Manage All Orders'],
    ['/dashboard/addProduct', 'Add a new Product', 'Add A Product'],
    ['/dashboard/admin', 'All Users', 'Make Admin'],
    ['/dashboard/manageProducts', 'Manage all Products', 'Manage Products'],
    ['/dashboard/payment/42', 'Payment', 'Payment'],
    ['/no/such/page', 'Page not found', 'Page Not Found'],
  ])('%s shows "%s" titled "%s | Proper Parts"', async (url, heading, title) => {
    renderAt(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Proper Parts`));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the dashboard sidebar with the customer links', async () => {
    renderAt('/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(sidebar).toHaveTextContent('My Orders');
    expect(sidebar).toHaveTextContent('Add A Review');
    expect(sidebar).toHaveTextContent('My Profile');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to your Dashboard' }),
    ).toBeInTheDocument();
  });
});
