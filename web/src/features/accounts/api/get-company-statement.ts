import { statement } from '@proper-parts/domain/companies';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { accountsKey, STATEMENT_PAGE_SIZE } from './get-statement';

/** Shop admin: `GET /admin/companies/{id}/statement`, the company's statement as it reads it. */
export const getCompanyStatement = ({
  id,
  cursor,
  signal,
}: {
  id: string;
  cursor?: string;
  signal?: AbortSignal;
}) =>
  apiFetch(api.adminCompanyStatement(id, { limit: STATEMENT_PAGE_SIZE, cursor }), {
    schema: statement,
    signal,
  });

export const companyStatementQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...accountsKey, 'statement', id],
    queryFn: ({ pageParam, signal }) => getCompanyStatement({ id, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useCompanyStatement = (id: string) =>
  useInfiniteQuery(companyStatementQueryOptions(id));
