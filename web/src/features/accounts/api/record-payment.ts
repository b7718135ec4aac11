import { invoicePayments, type RecordPaymentRequest } from '@proper-parts/domain/companies';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { accountsKey } from './get-statement';

/** Shop admin: `POST /admin/invoices/{orderId}/payments`, a payment against an invoice on account. */
export const recordPayment = (
  { orderId, payment }: { orderId: string; payment: RecordPaymentRequest },
  idempotencyKey: string,
) =>
  apiFetchEnvelope(api.invoicePayments(orderId), {
    method: 'POST',
    body: payment,
    headers: idempotencyHeader(idempotencyKey),
    schema: invoicePayments,
  });

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: recordPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
