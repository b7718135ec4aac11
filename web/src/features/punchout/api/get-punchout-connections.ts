import { punchoutConnection } from '@proper-parts/domain/punchout';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { keysetPages } from '../../../lib/keyset-pages';

export const PUNCHOUT_CONNECTIONS_PAGE_SIZE = 20;

/** Every PunchOut connection query starts with this key: a new one or a delete invalidates it. */
export const punchoutConnectionsKey = ['punchout-connections'] as const;

/** Shop admin: `GET /admin/punchout-connections`, the newest first, one keyset page. */
export const getPunchoutConnections = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.punchoutConnections({ limit: PUNCHOUT_CONNECTIONS_PAGE_SIZE, cursor }),
    { schema: punchoutConnection.array(), signal },
  );
  return { connections: data, nextCursor };
};

export const punchoutConnectionsQueryOptions = () =>
  keysetPages([...punchoutConnectionsKey, 'list'], getPunchoutConnections);

export const usePunchoutConnections = () => useInfiniteQuery(punchoutConnectionsQueryOptions());
