import { type InviteRequest, invitation } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `POST /company/invitations` (company admins): mails a single-use link. */
export const inviteMember = (body: InviteRequest) =>
  apiFetchEnvelope(api.inviteToCompany, { method: 'POST', body, schema: invitation });

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...companyKey, 'invitations'] }),
  });
}
