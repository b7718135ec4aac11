import { TOAST_DURATION_MS } from '@proper-parts/domain/constants';
import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Toasts follow a user's action, never the first paint, and never on the home page: sonner
 * (~9 KB gzipped) loads, and its Toaster mounts, once a module that can toast has loaded (each
 * imports `toast` from lib/toast.ts, which calls `wantToaster`), so always before its first toast.
 */
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of [...listeners]) listener();
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
};
const isWanted = () => wanted;

/**
 * Bottom right, clear of the sticky navbar (top centre covered its links and the sign-out), and
 * of the page's headings; on phones sonner spans the bottom edge.
 */
export const TOAST_POSITION = 'bottom-right';

export function ToasterHost() {
  const shown = useSyncExternalStore(subscribe, isWanted, isWanted);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position={TOAST_POSITION} duration={TOAST_DURATION_MS} richColors closeButton />
    </Suspense>
  );
}
