import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession, stubApi } from '../../test/auth-stubs';
import { admin, customer, signInAs } from '../../test/signed-in';
import { createTestQueryClient } from '../../test/test-utils';
import { routes } from './router';

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [url] })} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  document.title = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

type Visitor = typeof customer | null;

describe('routes', () => {
  it.each<[string, string, string, Visitor]>([
    ['/', 'The right parts, in the quantities your business needs', 'Home', null],
    ['/blogs', 'Blogs', 'Blogs', null],
    ['/portfolio', 'Portfolio', 'Portfolio', null],
    ['/signin', 'Sign In', 'Sign In', null],
    ['/signup', 'Sign Up', 'Sign Up', null],
    ['/reset-password', 'Reset Password', 'Reset Password', null],
    ['/purchase/abc', 'Purchase', 'Purchase', customer],
    ['/dashboard', 'My Orders', 'My Orders', customer],
    ['/dashboard/review', 'Give a Review', 'Add A Review', customer],
    ['/dashboard/profile', 'My Profile', 'My Profile', customer],
    ['/dashboard', 'My Profile', 'My Profile', admin],
    ['/dashboard/manageOrder', 'Manage All Orders', 'Manage All Orders', admin],
    ['/dashboard/addProduct', 'Add a new Product', 'Add A Product', admin],
    ['/dashboard/admin', 'All Users', 'Make Admin', admin],
    ['/dashboard/manageProducts', 'Manage all Products', 'Manage Products', admin],
    ['/dashboard/sales', 'Sales', 'Sales', admin],
    ['/dashboard/payment/42', 'Payment', 'Payment', customer],
    ['/garage', 'My garage', 'My garage', null],
    ['/no/such/page', 'Page not found', 'Page Not Found', null],
  ])('%s shows "%s" titled "%s | Proper Parts"', async (url, heading, title, visitor) => {
    // Pages that fetch get a 404; these tests only check that each route renders.
    stubApi(visitor ? signInAs(visitor) : {});
    renderAt(url);
    // A page module loads on first visit; on a busy machine its first transform takes over 1 s.
    const lazyPage = { timeout: 5000 };
    expect(await screen.findByRole('heading', { name: heading }, lazyPage)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Proper Parts`));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the dashboard sidebar with the customer links', async () => {
    stubApi(signInAs(customer));
    renderAt('/dashboard');
    const sidebar = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(sidebar).toHaveTextContent('My Orders');
    expect(sidebar).toHaveTextContent('Add A Review');
    expect(sidebar).toHaveTextContent('My Profile');
    expect(
      await screen.findByRole('heading', { name: `Welcome, ${customer.name}` }),
    ).toBeInTheDocument();
  });
});
