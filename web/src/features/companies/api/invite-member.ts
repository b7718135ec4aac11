import { type InviteRequest, invitation } from '@proper-parts/domain/companies';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { companyKey } from './company-key';

/** `POST /company/invitations` (company admins): mails a single-use link. */
export const inviteMember = (body: InviteRequest, idempotencyKey: string) =>
  apiFetchEnvelope(api.inviteToCompany, {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
    schema: invitation,
  });

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...companyKey, 'invitations'] }),
  });
}
