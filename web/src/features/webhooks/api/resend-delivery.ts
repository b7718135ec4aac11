import { webhookDelivery } from '@proper-parts/domain/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { webhooksKey } from './get-webhooks';

/** Shop admin: `POST /admin/webhooks/deliveries/{id}/resend`: queued again, now. */
export const resendDelivery = (id: string, idempotencyKey: string) =>
  apiFetchEnvelope(api.webhookResend(id), {
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    schema: webhookDelivery,
  });

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: resendDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
