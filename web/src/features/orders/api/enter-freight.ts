import { order } from '@proper-parts/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';

/**
 * `PUT /manageOrder/{id}/freight` (admin, issue 33): the shop's price for the freight of an order
 * awaiting it; the order, with its tax on the freight, becomes payable (or goes to approval).
 */
export const enterFreight = ({ id, freight }: { id: string; freight: number }) =>
  apiFetchEnvelope(api.orderFreight(id), { method: 'PUT', body: { freight }, schema: order });

export function useEnterFreight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterFreight,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
