import { type CreateApiKeyRequest, createdApiKey } from '@proper-parts/domain/api-keys';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { apiKeysKey } from './get-api-keys';

/** Shop admin: `POST /admin/api-keys`; the answer holds the key, shown this once. */
export const createApiKey = (request: CreateApiKeyRequest, idempotencyKey: string) =>
  apiFetchEnvelope(api.apiKeysCreate, {
    method: 'POST',
    body: request,
    headers: idempotencyHeader(idempotencyKey),
    schema: createdApiKey,
  });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
