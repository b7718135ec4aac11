import { companyAddress } from '@proper-parts/domain/companies';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { COMPANY_PAGE_SIZE, companyKey } from './company-key';

/** `GET /company/addresses`: the company's shipping addresses, oldest first. */
export const getAddresses = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.companyAddresses({ limit: COMPANY_PAGE_SIZE, cursor }),
    { schema: companyAddress.array(), signal },
  );
  return { addresses: data, nextCursor };
};

export const addressesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...companyKey, 'addresses'],
    queryFn: ({ pageParam, signal }) => getAddresses({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useAddresses = () => useInfiniteQuery(addressesQueryOptions());
