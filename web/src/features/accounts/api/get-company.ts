import { companyDetail } from '@proper-parts/domain/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { accountsKey } from './get-statement';

/** Shop admin: `GET /admin/companies/{id}`, its terms, credit, balance and members. */
export const getCompany = (id: string, signal?: AbortSignal) =>
  apiFetch(api.adminCompany(id), { schema: companyDetail, signal });

export const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...accountsKey, 'company', id],
    queryFn: ({ signal }) => getCompany(id, signal),
  });

export const useCompany = (id: string) => useQuery(companyQueryOptions(id));
