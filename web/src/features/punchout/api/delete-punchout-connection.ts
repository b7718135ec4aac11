import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { punchoutConnectionsKey } from './get-punchout-connections';

/** Shop admin: `DELETE /admin/punchout-connections/{id}`; its setups are refused from now on. */
export const deletePunchoutConnection = (id: string) =>
  apiFetchEnvelope(api.punchoutConnection(id), {
    method: 'DELETE',
    schema: z.object({ id: z.string() }),
  });

export function useDeletePunchoutConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePunchoutConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: punchoutConnectionsKey }),
  });
}
