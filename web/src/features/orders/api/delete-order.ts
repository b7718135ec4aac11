import { deletedCountResponse } from '@proper-parts/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/**
 * `DELETE /manageOrder/{id}` (admin): deletes an unpaid order, or cancels the unshipped rest of a
 * partially shipped one; the stock of what will not ship goes back.
 */
export const deleteOrder = (id: string) =>
  apiFetch(api.manageOrder(id), { method: 'DELETE', schema: deletedCountResponse });

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
      ]),
  });
}
