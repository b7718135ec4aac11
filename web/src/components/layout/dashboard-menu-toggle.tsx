import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import {
  DASHBOARD_MENU_TOGGLE_ID,
  DASHBOARD_SIDEBAR_ID,
  setDashboardDrawerOpen,
  useDashboardDrawerOpen,
} from './dashboard-drawer';

const isDashboardPath = (pathname: string) =>
  pathname === paths.dashboard.root || pathname.startsWith(`${paths.dashboard.root}/`);

/**
 * Small screens, signed-in users (spec §1): opens the dashboard sidebar, going to the
 * dashboard first when elsewhere.
 */
export function DashboardMenuToggle() {
  const { user } = useCurrentUser();
  const open = useDashboardDrawerOpen();
  const { key, pathname } = useLocation();
  const navigate = useNavigate();
  const openingRef = useRef(false);
  const inDashboard = isDashboardPath(pathname);

  // Any navigation (a sidebar link, the browser's Back) closes the drawer, except the one this
  // button starts to reach the dashboard with the drawer open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, by key
  useEffect(() => {
    if (openingRef.current) {
      openingRef.current = false;
      return;
    }
    setDashboardDrawerOpen(false);
  }, [key]);

  if (!user) return null;

  return (
    <button
      id={DASHBOARD_MENU_TOGGLE_ID}
      type="button"
      className="btn btn-ghost btn-square lg:hidden"
      aria-label="Open dashboard menu"
      aria-expanded={inDashboard && open}
      aria-controls={inDashboard ? DASHBOARD_SIDEBAR_ID : undefined}
      onClick={() => {
        setDashboardDrawerOpen(true);
        if (!inDashboard) {
          openingRef.current = true;
          navigate(paths.dashboard.root);
        }
      }}
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        className="size-6"
        fill="none"
        viewBox="0 0 24 24"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path strokeLinecap="round" d="M9 4v16M5.5 8h1.5M5.5 11h1.5M5.5 14h1.5" />
      </svg>
    </button>
  );
}
