import { type SaveListRequest, savedListSummary } from '@proper-parts/domain/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** `POST /lists`: the cart saved under a name (a list of that name is replaced). */
export const saveList = (input: SaveListRequest) =>
  apiFetch(api.saveList, { method: 'POST', body: input, schema: savedListSummary });

export function useSaveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved-lists'] }),
  });
}
