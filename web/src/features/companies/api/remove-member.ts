import { memberParams } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `DELETE /company/members/{userId}`: a company admin removes a member, or I leave. */
export const removeMember = (userId: string) =>
  apiFetchEnvelope(api.companyMember(userId), { method: 'DELETE', schema: memberParams });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}
