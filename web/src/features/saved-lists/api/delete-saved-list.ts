import { listIdParams } from '@proper-parts/domain/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { savedListsKey } from './get-saved-lists';

/** `DELETE /lists/{id}`: deletes one of my saved lists. */
export const deleteSavedList = (id: string) =>
  apiFetch(api.savedList(id), { method: 'DELETE', schema: listIdParams });

export function useDeleteSavedList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedListsKey }),
  });
}
