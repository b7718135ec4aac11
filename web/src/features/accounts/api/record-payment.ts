import { invoicePayments, type RecordPaymentRequest } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { accountsKey } from './get-statement';

/** Shop admin: `POST /admin/invoices/{orderId}/payments`, a payment against an invoice on account. */
export const recordPayment = ({
  orderId,
  payment,
}: {
  orderId: string;
  payment: RecordPaymentRequest;
}) =>
  apiFetchEnvelope(api.invoicePayments(orderId), {
    method: 'POST',
    body: payment,
    schema: invoicePayments,
  });

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
