import { order } from '@proper-parts/domain/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** `PATCH /myPurchase/{id}`: the server asks the provider about the payment, then marks it paid. */
export const recordPayment = ({
  orderId,
  transactionId,
}: {
  orderId: string;
  transactionId: string;
}) => apiFetch(api.myOrder(orderId), { method: 'PATCH', body: { transactionId }, schema: order });

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: (paid) => queryClient.setQueryData(['orders', 'detail', paid._id], paid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
