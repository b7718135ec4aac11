import { invitation } from '@proper-parts/domain/companies';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { COMPANY_PAGE_SIZE, companyKey } from './company-key';

/** `GET /company/invitations` (company admins): newest first, with their status. */
export const getInvitations = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.companyInvitations({ limit: COMPANY_PAGE_SIZE, cursor }),
    { schema: invitation.array(), signal },
  );
  return { invitations: data, nextCursor };
};

export const invitationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...companyKey, 'invitations'],
    queryFn: ({ pageParam, signal }) => getInvitations({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useInvitations = (enabled: boolean) =>
  useInfiniteQuery({ ...invitationsQueryOptions(), enabled });
