import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, setSession, stubApi } from '../../../test/auth-stubs';
import { admin, customer, signInAs } from '../../../test/signed-in';
import { jsonResponse, renderWithProviders } from '../../../test/test-utils';
import { DASHBOARD_DRAWER_ID } from '../../components/layout/dashboard-drawer';
import { Navbar } from '../../components/layout/navbar';
import { DashboardLayoutPage } from './dashboard-layout-page';

/** The navbar above either the dashboard or a plain page, as the root layout places them. */
function Shell() {
  const { pathname } = useLocation();
  return (
    <>
      <Navbar />
      {pathname.startsWith('/dashboard') ? <DashboardLayoutPage /> : <h1>Blogs</h1>}
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

const companyOf = (role: 'admin' | 'buyer' | 'approver') => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme Ltd',
  taxId: '',
  billingAddress: '1 Mill Road, Leeds',
  termsDays: null,
  creditLimit: 0,
  balance: 0,
  availableCredit: 0,
  createdAt: '2026-03-14T10:00:00.000Z',
  me: { role, orderLimit: null, canLeave: true },
});

const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('DashboardLayoutPage', () => {
  it('welcomes a customer by name; one in no company gets no Approvals or Statement', async () => {
    stubApi(signInAs(customer));
    renderWithProviders(<DashboardLayoutPage />, { route: '/dashboard' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Bea Buyer' }),
    ).toBeInTheDocument();
    expect(sidebarLinks()).toEqual([
      ['My Orders', '/dashboard'],
      ['My returns', '/dashboard/returns'],
      ['Saved lists', '/dashboard/lists'],
      ['Quick order', '/quick-order'],
      ['My garage', '/garage'],
      ['Quotes', '/dashboard/quotes'],
      ['Company', '/dashboard/company'],
      ['Add A Review', '/dashboard/review'],
      ['My Profile', '/dashboard/profile'],
    ]);
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['buyer', false],
    ['approver', true],
    ['admin', true],
  ] as const)('a company %s sees Approvals and Statement: %s', async (role, shown) => {
    const fetchMock = stubApi({
      ...signInAs(customer),
      'GET /api/v1/company': () => jsonResponse({ success: true, data: companyOf(role) }),
    });
    renderWithProviders(<DashboardLayoutPage />, { route: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Bea Buyer' });
    if (shown) {
      expect(await screen.findByRole('link', { name: 'Approvals' })).toHaveAttribute(
        'href',
        '/dashboard/approvals',
      );
      expect(screen.getByRole('link', { name: 'Statement' })).toBeInTheDocument();
    } else {
      await waitFor(() => expect(callsTo(fetchMock, 'GET /api/v1/company')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('link', { name: 'Approvals' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Statement' })).not.toBeInTheDocument();
    }
  });

  it('gives an admin My Profile and the admin tools, and no My Orders or Add A Review', async () => {
    stubApi(signInAs(admin));
    renderWithProviders(<DashboardLayoutPage />, { route: '/dashboard/admin' });

    expect(await screen.findByRole('heading', { name: 'Welcome, Chief' })).toBeInTheDocument();
    expect(sidebarLinks()).toEqual([
      ['My Profile', '/dashboard'],
      ['My garage', '/garage'],
      ['Manage All Orders', '/dashboard/manageOrder'],
      ['Returns', '/dashboard/manage-returns'],
      ['Add A Product', '/dashboard/addProduct'],
      ['Make Admin', '/dashboard/admin'],
      ['Manage Products', '/dashboard/manageProducts'],
      ['Sales', '/dashboard/sales'],
      ['Tax and freight', '/dashboard/tax-freight'],
      ['Companies', '/dashboard/companies'],
      ['Quote inbox', '/dashboard/quote-inbox'],
      ['Audit log', '/dashboard/audit'],
      ['API keys', '/dashboard/api-keys'],
      ['Webhooks', '/dashboard/webhooks'],
      ['PunchOut', '/dashboard/punchout'],
      ['Price lists', '/dashboard/price-lists'],
      ['Warehouses & stock', '/dashboard/warehouses'],
    ]);
    expect(screen.getByRole('link', { name: 'Make Admin' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  describe('from the navbar on small screens', () => {
    const drawerToggle = () => document.getElementById(DASHBOARD_DRAWER_ID);

    it('has no dashboard toggle for a signed-out visitor', async () => {
      stubApi();
      renderWithProviders(<Shell />, { route: '/blogs' });
      expect(await screen.findByRole('link', { name: 'SignIn' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Open dashboard menu' })).not.toBeInTheDocument();
    });

    it('goes to the dashboard with the sidebar open; Escape closes it', async () => {
      const user = userEvent.setup();
      stubApi(signInAs(customer));
      renderWithProviders(<Shell />, { route: '/blogs' });

      const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
      expect(toggle).toHaveClass('lg:hidden');
      await user.click(toggle);

      expect(
        await screen.findByRole('heading', { name: 'Welcome, Bea Buyer' }),
      ).toBeInTheDocument();
      expect(drawerToggle()).toBeChecked();
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('link', { name: 'My Orders' })).toHaveFocus();

      await user.keyboard('{Escape}');
      expect(drawerToggle()).not.toBeChecked();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });

    it('opens the sidebar in place on a dashboard page and closes it when a link is picked', async () => {
      const user = userEvent.setup();
      stubApi(signInAs(customer));
      renderWithProviders(<Shell />, { route: '/dashboard' });

      await user.click(await screen.findByRole('button', { name: 'Open dashboard menu' }));
      expect(drawerToggle()).toBeChecked();

      await user.click(screen.getByRole('link', { name: 'My Profile' }));
      expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(drawerToggle()).not.toBeChecked();
    });
  });
});
