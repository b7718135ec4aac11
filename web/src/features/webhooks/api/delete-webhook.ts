import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { webhooksKey } from './get-webhooks';

/** Shop admin: `DELETE /admin/webhooks/{id}`; nothing more is sent to it. */
export const deleteWebhook = (id: string) =>
  apiFetchEnvelope(api.webhook(id), { method: 'DELETE', schema: z.object({ id: z.string() }) });

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
