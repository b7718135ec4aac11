import { useSyncExternalStore } from 'react';

/** The daisyUI drawer's checkbox id: a `<label htmlFor>` with it toggles the sidebar. */
export const DASHBOARD_DRAWER_ID = 'dashboard-drawer';
/** The sidebar's id, for `aria-controls` on whatever opens it. */
export const DASHBOARD_SIDEBAR_ID = 'dashboard-sidebar';
/** The navbar button that opens the drawer; focus returns to it when the drawer closes. */
export const DASHBOARD_MENU_TOGGLE_ID = 'dashboard-menu-toggle';

// The navbar (in the root layout) opens a drawer that lives in the dashboard layout, so the
// open state sits here, outside both; on large screens the sidebar is always shown.
let isOpen = false;
const listeners = new Set<() => void>();

export function setDashboardDrawerOpen(open: boolean) {
  if (isOpen === open) return;
  isOpen = open;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useDashboardDrawerOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
