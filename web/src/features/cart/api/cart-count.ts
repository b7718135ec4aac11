import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import type { Parser } from '../../../lib/plain-shape';
import { useCurrentUser } from '../../auth/use-current-user';
import { visitorCart } from '../visitor-cart';
import { cartKey } from './cart-key';

/** Reads only how many lines the cart has: the navbar stays free of zod (entry chunk). */
const lineCount: Parser<number> = {
  safeParse(value) {
    const lines = (value as { lines?: unknown } | null)?.lines;
    return Array.isArray(lines) ? { success: true, data: lines.length } : { success: false };
  },
};

/** How many lines the cart holds: the server's for a buyer, the browser's for a visitor. */
export function useCartLineCount(): number {
  const { user } = useCurrentUser();
  const buyer = user !== null && !user.isAdmin;
  const visitorLines = useSyncExternalStore(
    visitorCart.subscribe,
    visitorCart.snapshot,
    visitorCart.serverSnapshot,
  );
  const { data } = useQuery({
    queryKey: [...cartKey, 'count'],
    queryFn: ({ signal }) => apiFetch(api.cart, { schema: lineCount, signal }),
    enabled: buyer,
  });
  if (user?.isAdmin) return 0;
  return buyer ? (data ?? 0) : visitorLines.length;
}
