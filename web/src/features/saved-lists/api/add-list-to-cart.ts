import { reorderResult } from '@proper-parts/domain/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { cartKey } from '../../cart/api/get-cart';

const addedToCart = reorderResult.pick({ cart: true, added: true });

/** `POST /lists/{id}/add-to-cart`: the whole list into my cart (quantities add up). */
export const addListToCart = (id: string) =>
  apiFetch(api.addListToCart(id), { method: 'POST', schema: addedToCart });

export function useAddListToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartKey }),
  });
}
