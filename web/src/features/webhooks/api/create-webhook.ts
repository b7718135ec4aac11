import { type CreateWebhookRequest, createdWebhook } from '@proper-parts/domain/webhooks';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { webhooksKey } from './get-webhooks';

/** Shop admin: `POST /admin/webhooks`; the answer holds the signing secret, shown this once. */
export const createWebhook = (request: CreateWebhookRequest, idempotencyKey: string) =>
  apiFetchEnvelope(api.webhooksCreate, {
    method: 'POST',
    body: request,
    headers: idempotencyHeader(idempotencyKey),
    schema: createdWebhook,
  });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
