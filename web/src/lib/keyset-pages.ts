import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query options of a list paged by keyset (`nextCursor`, null on the last page): each page
 * asked with the cursor the page before gave, the first without one.
 */
export const keysetPages = <Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  fetchPage: (page: { cursor?: string; signal?: AbortSignal }) => Promise<Page>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: Page) => page.nextCursor ?? undefined,
  });
