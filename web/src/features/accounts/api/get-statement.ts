import { statement } from '@proper-parts/domain/companies';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

export const STATEMENT_PAGE_SIZE = 20;

/** Every account query starts with this key: a recorded payment or new terms invalidate it. */
export const accountsKey = ['accounts'] as const;

/** `GET /company/statement`: my company's balance and credit, and a keyset page of invoices. */
export const getStatement = ({ cursor, signal }: { cursor?: string; signal?: AbortSignal }) =>
  apiFetch(api.companyStatement({ limit: STATEMENT_PAGE_SIZE, cursor }), {
    schema: statement,
    signal,
  });

export const statementQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...accountsKey, 'statement', 'mine'],
    queryFn: ({ pageParam, signal }) => getStatement({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A buyer is refused (403) and a non-member too (404): asking again changes nothing.
    retry: false,
  });

export const useStatement = () => useInfiniteQuery(statementQueryOptions());
