import {
  type DeletePartNumbersRequest,
  deletePartNumbersResult,
} from '@proper-parts/domain/part-numbers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { partNumbersKey } from './part-numbers-key';

/** `DELETE /company/part-numbers` (company admins): by SKUs or ids, in the body. */
export const deletePartNumbers = (body: DeletePartNumbersRequest) =>
  apiFetch(api.setCompanyPartNumbers, {
    method: 'DELETE',
    body,
    schema: deletePartNumbersResult,
  });

export function useDeletePartNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePartNumbers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partNumbersKey }),
  });
}
