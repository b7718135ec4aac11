import { companySummary } from '@proper-parts/domain/companies';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { keysetPages } from '../../../lib/keyset-pages';
import { accountsKey } from './get-statement';

export const COMPANIES_PAGE_SIZE = 20;

/** Shop admin: `GET /admin/companies`, every company, the newest first, one keyset page. */
export const getCompanies = async ({
  cursor,
  signal,
}: {
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.adminCompanies({ limit: COMPANIES_PAGE_SIZE, cursor }),
    { schema: companySummary.array(), signal },
  );
  return { companies: data, nextCursor };
};

export const companiesQueryOptions = () => keysetPages([...accountsKey, 'companies'], getCompanies);

export const useCompanies = () => useInfiniteQuery(companiesQueryOptions());
