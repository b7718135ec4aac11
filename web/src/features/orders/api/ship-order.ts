import { acknowledgedResponse } from '@proper-parts/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** `PATCH /manageOrder/{id}` (admin): ships a paid order. */
export const shipOrder = (id: string) =>
  apiFetch(api.manageOrder(id), { method: 'PATCH', schema: acknowledgedResponse });

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
