import { type QuoteStatus, quoteSummary } from '@proper-parts/domain/quotes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';

export const QUOTES_PAGE_SIZE = 20;

/** Every quote query starts with this key: a request, an answer or an accept invalidates it. */
export const quotesKey = ['quotes'] as const;

/** Whose quotes: mine (`GET /quotes`) or, for a shop admin, every one (`GET /admin/quotes`). */
export type QuotesScope = 'mine' | 'shop';

/** One keyset page of quotes, newest first, of one status or all. */
export const getQuotes = async ({
  scope,
  status,
  cursor,
  signal,
}: {
  scope: QuotesScope;
  status?: QuoteStatus;
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const page = { limit: QUOTES_PAGE_SIZE, cursor, status };
  const url = scope === 'mine' ? api.quotes(page) : api.adminQuotes(page);
  const { data, nextCursor } = await apiFetchEnvelope(url, {
    schema: quoteSummary.array(),
    signal,
  });
  return { quotes: data, nextCursor };
};

export const quotesQueryOptions = (scope: QuotesScope, status?: QuoteStatus) =>
  infiniteQueryOptions({
    queryKey: [...quotesKey, scope, status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getQuotes({ scope, status, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useQuotes = (scope: QuotesScope, status?: QuoteStatus) =>
  useInfiniteQuery(quotesQueryOptions(scope, status));
