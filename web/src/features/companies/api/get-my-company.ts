import { myCompanyResponse } from '@proper-parts/domain/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { useCurrentUser } from '../../auth/use-current-user';
import { companyKey } from './company-key';

/** `GET /company`: my company with my role, or null when I belong to none. */
export const getMyCompany = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch(api.company, { schema: myCompanyResponse, signal });

export const myCompanyQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKey, 'mine'],
    queryFn: ({ signal }) => getMyCompany({ signal }),
  });

/**
 * The signed-in customer's company (null: in none). Shop admins belong to no company, so they
 * are not asked. Pages use it to show what a role may do; the server decides.
 */
export function useMyCompany() {
  const { user } = useCurrentUser();
  const enabled = user !== null && !user.isAdmin;
  const query = useQuery({ ...myCompanyQueryOptions(), enabled });
  return { ...query, company: enabled ? query.data : null };
}
