import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';

/** The drawer's checkbox id: any `<label htmlFor>` with it opens the sidebar on small screens. */
export const DASHBOARD_DRAWER_ID = 'dashboard-drawer';

// Non-admin sidebar (spec §2); the admin links arrive with roles.
const sidebarLinks = [
  { to: paths.dashboard.myOrders, label: 'My Orders', end: true },
  { to: paths.dashboard.review, label: 'Add A Review', end: false },
  { to: paths.dashboard.profile, label: 'My Profile', end: false },
] as const;

const closeDrawer = () => {
  const toggle = document.getElementById(DASHBOARD_DRAWER_ID);
  if (toggle instanceof HTMLInputElement) toggle.checked = false;
};

export function DashboardLayoutPage() {
  return (
    <div className="drawer mx-auto max-w-7xl lg:drawer-open">
      <input id={DASHBOARD_DRAWER_ID} type="checkbox" className="drawer-toggle" />
      <div className="drawer-content px-4 py-8 lg:px-8">
        <div className="mb-8 flex items-center justify-between gap-4 border-b border-base-300 pb-6">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            Welcome to your Dashboard
          </h1>
          <label htmlFor={DASHBOARD_DRAWER_ID} className="btn btn-outline btn-sm lg:hidden">
            Menu
          </label>
        </div>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
      <div className="drawer-side z-50 lg:top-16 lg:z-10 lg:h-[calc(100dvh-4rem)]">
        <label htmlFor={DASHBOARD_DRAWER_ID} aria-label="Close menu" className="drawer-overlay" />
        <nav
          aria-label="Dashboard"
          className="min-h-full w-64 border-r border-base-300 bg-base-200 p-4 lg:bg-base-100"
        >
          <p className="px-3 pb-3 text-xs font-semibold uppercase tracking-wider text-base-content/60">
            Dashboard
          </p>
          <ul className="menu w-full gap-1 p-0 text-base [--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]">
            {sidebarLinks.map((link) => (
              <li key={link.to}>
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
