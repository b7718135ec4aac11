import { invitation } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `DELETE /company/invitations/{id}` (company admins): the link stops working. */
export const revokeInvitation = (id: string) =>
  apiFetch(api.companyInvitation(id), { method: 'DELETE', schema: invitation });

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...companyKey, 'invitations'] }),
  });
}
