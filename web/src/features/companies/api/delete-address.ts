import { idParams } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `DELETE /company/addresses/{id}` (company admins). */
export const deleteAddress = (id: string) =>
  apiFetch(api.companyAddress(id), { method: 'DELETE', schema: idParams });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...companyKey, 'addresses'] }),
  });
}
