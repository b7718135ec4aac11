import { apiKeySummary } from '@proper-parts/domain/api-keys';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';

export const API_KEYS_PAGE_SIZE = 20;

/** Every API key query starts with this key: a new key or a revoke invalidates it. */
export const apiKeysKey = ['api-keys'] as const;

/** Shop admin: `GET /admin/api-keys`, the keys, the newest first, one keyset page. */
export const getApiKeys = async ({ cursor, signal }: { cursor?: string; signal?: AbortSignal }) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.apiKeys({ limit: API_KEYS_PAGE_SIZE, cursor }),
    { schema: apiKeySummary.array(), signal },
  );
  return { keys: data, nextCursor };
};

export const apiKeysQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...apiKeysKey, 'list'],
    queryFn: ({ pageParam, signal }) => getApiKeys({ cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useApiKeys = () => useInfiniteQuery(apiKeysQueryOptions());
