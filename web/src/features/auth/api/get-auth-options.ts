import { authOptions } from '@proper-parts/domain/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** Which "Continue with …" provider this server offers (Google, another OIDC provider, or none). */
export const getAuthOptions = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch(api.authOptions, { schema: authOptions, signal });

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-options'],
    queryFn: ({ signal }) => getAuthOptions({ signal }),
    // The server's configuration; it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useAuthOptions = () => useQuery(authOptionsQueryOptions());
