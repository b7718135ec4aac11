import { modifiedCountResponse } from '@proper-parts/domain/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { usersQueryOptions } from './get-users';

/** Gives a user the admin role; `modifiedCount` above 0 means it was granted (spec §7). */
export const makeAdmin = (email: string) =>
  apiFetch(api.makeAdmin(email), { method: 'PUT', schema: modifiedCountResponse });

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: ({ modifiedCount }) => {
      if (modifiedCount > 0) {
        return queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey });
      }
    },
  });
}
