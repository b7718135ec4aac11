import {
  type CreatePunchoutConnectionRequest,
  punchoutConnection,
} from '@proper-parts/domain/punchout';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { punchoutConnectionsKey } from './get-punchout-connections';

/** Shop admin: `POST /admin/punchout-connections`; the secret goes once and is kept hashed. */
export const createPunchoutConnection = (
  request: CreatePunchoutConnectionRequest,
  idempotencyKey: string,
) =>
  apiFetchEnvelope(api.punchoutConnectionsCreate, {
    method: 'POST',
    body: request,
    headers: idempotencyHeader(idempotencyKey),
    schema: punchoutConnection,
  });

export function useCreatePunchoutConnection() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createPunchoutConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: punchoutConnectionsKey }),
  });
}
