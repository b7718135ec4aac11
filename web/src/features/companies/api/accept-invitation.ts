import { company } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `POST /company/invitations/accept`: joins the company (once; confirms my address). */
export const acceptInvitation = (token: string) =>
  apiFetchEnvelope(api.acceptInvitation, { method: 'POST', body: { token }, schema: company });

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}
