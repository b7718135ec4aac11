import { reorderResult } from '@proper-parts/domain/cart';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { cartKey } from '../../cart/api/get-cart';

const addedToCart = reorderResult.pick({ cart: true, added: true });

/** `POST /lists/{id}/add-to-cart`: the whole list into my cart (quantities add up). */
export const addListToCart = (id: string, idempotencyKey: string) =>
  apiFetch(api.addListToCart(id), {
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    schema: addedToCart,
  });

export function useAddListToCart() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: addListToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}
