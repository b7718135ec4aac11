import type { DemoCatalogProgress } from '@proper-parts/domain/demo-catalog-progress';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { nullable, objectOf } from '../../../lib/plain-shape';

const progressShape = nullable(
  objectOf<DemoCatalogProgress>({ loaded: 'integer', total: 'integer' }),
);

/** While a new shop's demo catalog loads, asked again this often. */
export const DEMO_PROGRESS_EVERY_MS = 2000;

/** How far a first start's demo catalog has loaded (`GET /catalog/demo-progress`); null: all in. */
export const demoProgressQueryOptions = queryOptions({
  queryKey: ['catalog-demo-progress'],
  queryFn: ({ signal }) => apiFetch(api.catalogDemoProgress, { schema: progressShape, signal }),
  refetchInterval: (query) => (query.state.data ? DEMO_PROGRESS_EVERY_MS : false),
});

/**
 * The progress, asked again while parts are loading; each change asks the catalog's searches
 * again too, so the count and the list on screen grow with it (and are whole once it is over).
 */
export function useDemoProgress() {
  const client = useQueryClient();
  const { data } = useQuery(demoProgressQueryOptions);
  const loaded = data === undefined ? undefined : (data?.loaded ?? null);
  const seen = useRef(loaded);
  useEffect(() => {
    // Not on the first answer: the searches on screen came with it.
    if (loaded === seen.current) return;
    const before = seen.current;
    seen.current = loaded;
    if (before !== undefined) void client.invalidateQueries({ queryKey: ['catalog-search'] });
  }, [client, loaded]);
  return data ?? null;
}
