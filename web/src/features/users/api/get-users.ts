import { userSummary } from '@proper-parts/domain/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

const userList = z.array(userSummary);

/** Every user with their role (admin only; the server answers 403 to anyone else). */
export const getUsers = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch(api.users(), { schema: userList, signal });

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: ({ signal }) => getUsers({ signal }),
  });

export const useUsers = () => useQuery(usersQueryOptions());
