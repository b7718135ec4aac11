import { type CreateOrderRequest, insertedIdResponse } from '@proper-parts/domain/orders';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';

/** `POST /purchase`: the server prices it and takes the stock; answers the new order's id. */
export const placeOrder = (input: CreateOrderRequest, idempotencyKey: string) =>
  apiFetch(api.purchase, {
    method: 'POST',
    body: input,
    headers: idempotencyHeader(idempotencyKey),
    schema: insertedIdResponse,
  });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: placeOrder,
    // The product's stock and the buyer's orders changed (or, on a 409, the stock did).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
