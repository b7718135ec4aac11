import { type CreateOrderRequest, insertedIdResponse } from '@proper-parts/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { ApiError, apiFetch } from '../../../lib/api-client';

/**
 * A key per submit: its retries (a network error, a 503 while the database was away) send the
 * same key, so an order that committed before its answer was lost is answered, not placed twice.
 * `crypto.randomUUID` needs a secure context; an http:// address on a LAN is not one.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface PlaceOrderVariables {
  input: CreateOrderRequest;
  idempotencyKey: string;
}

/** `POST /purchase`: the server prices it and takes the stock; answers the new order's id. */
export const placeOrder = ({ input, idempotencyKey }: PlaceOrderVariables) =>
  apiFetch(api.purchase, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: insertedIdResponse,
  });

/** Worth another try with the same key: no answer, or the database was briefly away. */
const isTransient = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status === 503);

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    retry: (failures, error) => failures < 2 && isTransient(error),
    retryDelay: (attempt) => 1000 * 2 ** attempt,
    // The product's stock and the buyer's orders changed (or, on a 409, the stock did).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
