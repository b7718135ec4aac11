import { member, type UpdateMemberRequest } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `PATCH /company/members/{userId}` (company admins): role and/or per-order limit. */
export const updateMember = ({ userId, ...body }: UpdateMemberRequest & { userId: string }) =>
  apiFetch(api.companyMember(userId), { method: 'PATCH', body, schema: member });

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}
