import { Suspense, useEffect, useRef } from 'react';
import { NavLink, Outlet } from 'react-router';
import {
  DASHBOARD_DRAWER_ID,
  DASHBOARD_MENU_TOGGLE_ID,
  DASHBOARD_SIDEBAR_ID,
  setDashboardDrawerOpen,
  useDashboardDrawerOpen,
} from '../../components/layout/dashboard-drawer';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useMyCompany } from '../../features/companies/api/get-my-company';

type SidebarLink = { to: string; label: string; end: boolean };

/** Approvals and the statement are for a company's approvers and admins (the server decides). */
const forApprovers = new Set<string>([paths.dashboard.approvals, paths.dashboard.statement]);

// Spec §2: customers and admins get different sidebars; an admin's bare dashboard is My Profile.
const customerLinks: SidebarLink[] = [
  { to: paths.dashboard.myOrders, label: 'My Orders', end: true },
  { to: paths.dashboard.myReturns, label: 'My returns', end: false },
  { to: paths.dashboard.savedLists, label: 'Saved lists', end: false },
  { to: paths.quickOrder, label: 'Quick order', end: true },
  { to: paths.garage, label: 'My garage', end: true },
  { to: paths.dashboard.quotes, label: 'Quotes', end: false },
  { to: paths.dashboard.company, label: 'Company', end: false },
  { to: paths.dashboard.approvals, label: 'Approvals', end: false },
  { to: paths.dashboard.statement, label: 'Statement', end: false },
  { to: paths.dashboard.review, label: 'Add A Review', end: false },
  { to: paths.dashboard.profile, label: 'My Profile', end: false },
];

const adminLinks: SidebarLink[] = [
  { to: paths.dashboard.root, label: 'My Profile', end: true },
  // A garage is personal: an admin has one too (issue 20).
  { to: paths.garage, label: 'My garage', end: true },
  { to: paths.dashboard.manageOrders, label: 'Manage All Orders', end: false },
  { to: paths.dashboard.manageReturns, label: 'Returns', end: false },
  { to: paths.dashboard.addProduct, label: 'Add A Product', end: false },
  { to: paths.dashboard.makeAdmin, label: 'Make Admin', end: false },
  { to: paths.dashboard.manageProducts, label: 'Manage Products', end: false },
  // Issue 21: after the spec's admin links, as the later admin pages are.
  { to: paths.dashboard.sales, label: 'Sales', end: false },
  { to: paths.dashboard.taxFreight, label: 'Tax and freight', end: false },
  { to: paths.dashboard.companies, label: 'Companies', end: false },
  { to: paths.dashboard.quoteInbox, label: 'Quote inbox', end: false },
  { to: paths.dashboard.auditLog, label: 'Audit log', end: false },
  { to: paths.dashboard.apiKeys, label: 'API keys', end: false },
  { to: paths.dashboard.webhooks, label: 'Webhooks', end: false },
  { to: paths.dashboard.punchout, label: 'PunchOut', end: false },
  { to: paths.dashboard.priceLists, label: 'Price lists', end: false },
  { to: paths.dashboard.warehouses, label: 'Warehouses & stock', end: false },
];

const closeDrawer = () => setDashboardDrawerOpen(false);

export function DashboardLayoutPage() {
  const { user } = useCurrentUser();
  const { company } = useMyCompany();
  const open = useDashboardDrawerOpen();
  const sidebarRef = useRef<HTMLElement>(null);

  // The drawer only opens on small screens (from the navbar): move focus into it, and let
  // Escape close it and hand focus back to the toggle.
  useEffect(() => {
    if (!open) return;
    sidebarRef.current?.querySelector('a')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeDrawer();
      document.getElementById(DASHBOARD_MENU_TOGGLE_ID)?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  // The route guard renders this only for a signed-in user; the spinner covers a session refetch.
  if (!user) return <Spinner />;
  const approves = company?.me.role === 'admin' || company?.me.role === 'approver';
  const links = user.isAdmin
    ? adminLinks
    : customerLinks.filter((link) => approves || !forApprovers.has(link.to));

  return (
    <div className="drawer mx-auto max-w-7xl lg:drawer-open">
      <input
        id={DASHBOARD_DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        aria-hidden="true"
        tabIndex={-1}
        checked={open}
        onChange={(event) => setDashboardDrawerOpen(event.target.checked)}
      />
      <div className="drawer-content min-w-0 px-4 py-8 lg:px-8">
        <h1 className="mb-8 border-b border-base-300 pb-6 text-2xl font-bold tracking-tight break-words sm:text-3xl">
          Welcome, {user.displayName}
        </h1>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
      <div className="drawer-side z-50 lg:top-16 lg:z-10 lg:h-[calc(100dvh-4rem)]">
        <label htmlFor={DASHBOARD_DRAWER_ID} aria-label="Close menu" className="drawer-overlay" />
        <nav
          ref={sidebarRef}
          id={DASHBOARD_SIDEBAR_ID}
          aria-label="Dashboard"
          className="min-h-full w-64 border-r border-base-300 bg-base-200 p-4 lg:bg-base-100"
        >
          <p className="px-3 pb-3 text-xs font-semibold uppercase tracking-wider text-base-content/60">
            {user.isAdmin ? 'Admin dashboard' : 'Dashboard'}
          </p>
          <ul className="menu w-full gap-1 p-0 text-base [--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={closeDrawer}
                  className={({ isActive }) => (isActive ? 'menu-active' : undefined)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
