import type { Cart } from '@proper-parts/domain/cart';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/use-current-user';
import { cartShape as cart } from '../cart-shape';
import { visitorCart } from '../visitor-cart';
import { cartKey, cartQueryOptions } from './get-cart';

const EMPTY_CART: Cart = { lines: [], total: 0, deposits: 0 };

/**
 * The cart as the cart page shows it: a buyer's from the server, a visitor's from the browser,
 * priced by the server (`POST /cart/preview`). `mode` says which, so the page offers the right
 * next step (checkout, or sign in first).
 */
export function useCart() {
  const { user, isPending } = useCurrentUser();
  const mode = isPending ? 'pending' : user ? (user.isAdmin ? 'admin' : 'buyer') : 'visitor';
  const visitorLines = useSyncExternalStore(
    visitorCart.subscribe,
    visitorCart.snapshot,
    visitorCart.serverSnapshot,
  );
  const mine = useQuery({ ...cartQueryOptions(), enabled: mode === 'buyer' });
  const preview = useQuery({
    queryKey: [...cartKey, 'preview', visitorLines],
    queryFn: ({ signal }) =>
      apiFetch(api.cartPreview, {
        method: 'POST',
        body: { lines: visitorLines },
        schema: cart,
        signal,
      }),
    enabled: mode === 'visitor' && visitorLines.length > 0,
    placeholderData: keepPreviousData,
  });
  if (mode === 'buyer') return { mode, ...mine };
  if (mode === 'visitor' && visitorLines.length > 0) return { mode, ...preview };
  return { mode, data: EMPTY_CART, isPending: mode === 'pending', error: null };
}

interface LineChange {
  productId: string;
  /** 0 removes the line. */
  quantity: number;
}

/**
 * Sets (or, with 0, removes) a line: on the server for a buyer, in the browser for a visitor.
 * The server's answer is the whole cart, priced: it replaces the cached one at once.
 */
export function useChangeCartLine() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, quantity }: LineChange): Promise<Cart | null> => {
      if (!user) {
        if (quantity === 0) visitorCart.remove(productId);
        else if (!visitorCart.set(productId, quantity))
          throw new Error('Your cart is full: sign in to order more lines');
        return null;
      }
      return quantity === 0
        ? apiFetch(api.cartLine(productId), { method: 'DELETE', schema: cart })
        : apiFetch(api.cartLine(productId), { method: 'PUT', body: { quantity }, schema: cart });
    },
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(cartQueryOptions().queryKey, answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}
