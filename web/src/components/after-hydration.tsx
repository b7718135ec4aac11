import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Its children in the browser only: once a server-rendered page is hydrated, or at once on a page
 * drawn in the browser. For the parts whose data only the browser has (the garage, the fit check,
 * the vehicles a part fits, related parts asked when idle): they render nothing on the server and
 * while hydrating anyway, and there their hooks were a cold product page's render's cost for
 * nothing (issue 32). Hydration still matches: nothing on both sides.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
