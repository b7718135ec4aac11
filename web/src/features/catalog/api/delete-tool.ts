import { deletedCountResponse } from '@proper-parts/domain/product-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** Takes a product out of the catalog (admin); `data.deletedCount` signals success (spec §7). */
export const deleteTool = (id: string) =>
  apiFetch(api.tool(id), { method: 'DELETE', schema: deletedCountResponse });

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    // Also after a failure: a 404 means someone else deleted it, and the list should say so.
    // Manage Products lists a search's results too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tools'] }),
        queryClient.invalidateQueries({ queryKey: ['catalog-search'] }),
      ]),
  });
}
