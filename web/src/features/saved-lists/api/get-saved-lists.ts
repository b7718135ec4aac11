import { savedListSummary } from '@proper-parts/domain/cart';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';

export const SAVED_LISTS_PAGE_SIZE = 20;

/** Every saved-list query starts with this key: a change to a list invalidates it. */
export const savedListsKey = ['saved-lists'] as const;

/** `GET /lists`: my saved lists, the most recently saved first, one keyset page. */
export const getSavedLists = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.savedLists({ limit: SAVED_LISTS_PAGE_SIZE, cursor }),
    { schema: savedListSummary.array(), signal },
  );
  return { lists: data, nextCursor };
};

export const savedListsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...savedListsKey, 'mine'],
    queryFn: ({ pageParam, signal }) => getSavedLists({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useSavedLists = () => useInfiniteQuery(savedListsQueryOptions());
