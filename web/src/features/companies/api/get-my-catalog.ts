import { companyCatalog } from '@proper-parts/domain/company-catalogs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** `GET /company/catalog` (issue 35): what my company's members are limited to, read only. */
export const myCatalogQueryOptions = () =>
  queryOptions({
    queryKey: ['company', 'catalog'],
    queryFn: ({ signal }) => apiFetch(api.myCompanyCatalog, { schema: companyCatalog, signal }),
  });

export const useMyCatalog = () => useQuery(myCatalogQueryOptions());
