import { invitationPreview } from '@proper-parts/domain/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `GET /company/invitations/preview?token=`: what a mailed link invites to. */
export const getInvitationPreview = ({ token, signal }: { token: string; signal?: AbortSignal }) =>
  apiFetch(api.invitationPreview(token), { schema: invitationPreview, signal });

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...companyKey, 'preview', token],
    queryFn: ({ signal }) => getInvitationPreview({ token, signal }),
    retry: false,
  });

export const useInvitationPreview = (token: string) =>
  useQuery({ ...invitationPreviewQueryOptions(token), enabled: token !== '' });
