import type { CheckoutRequest } from '@proper-parts/domain/cart';
import { order } from '@proper-parts/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { cartKey } from './get-cart';

/** `POST /orders`: the cart becomes one order (every line or none); the server prices it. */
export const checkout = (input: CheckoutRequest) =>
  apiFetch(api.checkout, { method: 'POST', body: input, schema: order });

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // Placed or refused, the cart and the stock changed (a refusal marks the lines to fix).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cartKey }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
      ]),
  });
}
