import type { CheckoutRequest } from '@proper-parts/domain/cart';
import { order } from '@proper-parts/domain/orders';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { cartKey } from './get-cart';

/**
 * `POST /orders`: the cart becomes one order (every line or none); the server prices it. A retry
 * with the same key answers the order placed, though the cart is empty by then.
 */
export const checkout = (input: CheckoutRequest, idempotencyKey: string) =>
  apiFetch(api.checkout, {
    method: 'POST',
    body: input,
    headers: idempotencyHeader(idempotencyKey),
    schema: order,
  });

export function useCheckout() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
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
