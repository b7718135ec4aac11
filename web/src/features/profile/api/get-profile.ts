import { profile } from '@proper-parts/domain/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** One user's profile: name and photo from the identity service, plus city, education, phone, link. */
export const getProfile = ({ email, signal }: { email: string; signal?: AbortSignal }) =>
  apiFetch(api.profile(email), { schema: profile, signal });

export const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['profile', email],
    queryFn: ({ signal }) => getProfile({ email, signal }),
  });

/** `''` (nobody signed in yet) asks nothing. */
export const useProfile = (email: string) =>
  useQuery({ ...profileQueryOptions(email), enabled: email !== '' });
