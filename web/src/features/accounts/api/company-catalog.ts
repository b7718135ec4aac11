import {
  companyCatalog,
  type SetCompanyCatalogRequest,
} from '@proper-parts/domain/company-catalogs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

const companyCatalogKey = (companyId: string) => ['admin', 'company-catalog', companyId] as const;

/** `GET /admin/companies/{id}/catalog` (issue 35): what the company's members are limited to. */
export const companyCatalogQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyCatalogKey(companyId),
    queryFn: ({ signal }) =>
      apiFetch(api.adminCompanyCatalog(companyId), { schema: companyCatalog, signal }),
  });

export const useCompanyCatalog = (companyId: string) =>
  useQuery(companyCatalogQueryOptions(companyId));

/** `PUT /admin/companies/{id}/catalog`: the categories and brands by slug; both empty lifts it. */
export function useSaveCompanyCatalog(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetCompanyCatalogRequest) =>
      apiFetch(api.adminCompanyCatalog(companyId), {
        method: 'PUT',
        body,
        schema: companyCatalog,
      }),
    onSuccess: (data) => queryClient.setQueryData(companyCatalogKey(companyId), data),
  });
}
