import { deletedCountResponse } from '@proper-parts/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** `DELETE /myPurchase/{id}`: cancels my unpaid order; its stock goes back to the product. */
export const cancelOrder = (id: string) =>
  apiFetch(api.myOrder(id), { method: 'DELETE', schema: deletedCountResponse });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
      ]),
  });
}
