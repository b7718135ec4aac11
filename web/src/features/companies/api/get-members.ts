import { member } from '@proper-parts/domain/companies';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { COMPANY_PAGE_SIZE, companyKey } from './company-key';

/** `GET /company/members`: one keyset page, in the order they joined. */
export const getMembers = async ({ cursor, signal }: { cursor?: string; signal?: AbortSignal }) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.companyMembers({ limit: COMPANY_PAGE_SIZE, cursor }),
    { schema: member.array(), signal },
  );
  return { members: data, nextCursor };
};

export const membersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...companyKey, 'members'],
    queryFn: ({ pageParam, signal }) => getMembers({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useMembers = () => useInfiniteQuery(membersQueryOptions());
