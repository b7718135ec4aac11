import { punchoutSessionState } from '@proper-parts/domain/punchout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';

/** `GET /punchout/session`: whether this session's cart goes back to a procurement system. */
export const getPunchoutSession = async (signal?: AbortSignal) =>
  (await apiFetchEnvelope(api.punchoutSession, { schema: punchoutSessionState, signal })).data;

export const punchoutSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['punchout-session'],
    queryFn: ({ signal }) => getPunchoutSession(signal),
    staleTime: 60_000,
  });

/** Asked only for a signed-in buyer (`enabled`); a visitor's cart is never a punchout. */
export const usePunchoutSession = (enabled: boolean) =>
  useQuery({ ...punchoutSessionQueryOptions(), enabled });
