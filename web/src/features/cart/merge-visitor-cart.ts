import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../config/paths';
import { apiFetch } from '../../lib/api-client';
import { useCurrentUser } from '../auth/use-current-user';
import { cartKey } from './api/cart-key';
import { visitorCart } from './visitor-cart';

/**
 * On sign-in, the cart a visitor filled in this browser joins the buyer's cart on the server
 * (a product in both keeps the larger quantity), then leaves the browser.
 */
export function useMergeVisitorCart() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const buyerId = user && !user.isAdmin ? user.id : null;
  useEffect(() => {
    if (!buyerId) return;
    const lines = visitorCart.snapshot();
    if (lines.length === 0) return;
    apiFetch(api.cartMerge, { method: 'POST', body: { lines } })
      .then(() => {
        visitorCart.clear();
        return queryClient.invalidateQueries({ queryKey: cartKey });
      })
      .catch(() => {
        // Kept in the browser: the next sign-in (or page load) tries again.
      });
  }, [buyerId, queryClient]);
}
