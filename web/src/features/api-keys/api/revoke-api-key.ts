import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { apiKeysKey } from './get-api-keys';

/** Shop admin: `DELETE /admin/api-keys/{id}`; the key is refused from its next call on. */
export const revokeApiKey = (id: string) =>
  apiFetchEnvelope(api.apiKey(id), { method: 'DELETE', schema: z.object({ id: z.string() }) });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
