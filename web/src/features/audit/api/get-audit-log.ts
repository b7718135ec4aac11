import { auditEntry } from '@proper-parts/domain/audit';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 50;

/** The filters the page reads from its URL, as the API names them; empty ones left out. */
export type AuditFilters = Partial<Record<'action' | 'actor' | 'target' | 'from' | 'to', string>>;

const present = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<
    string,
    string
  >;

/** `GET /audit`: one keyset page of entries, newest first. */
export const getAuditLog = async ({
  filters,
  cursor,
  signal,
}: {
  filters: AuditFilters;
  cursor?: string;
  signal?: AbortSignal;
}) => {
  const { data, nextCursor } = await apiFetchEnvelope(
    api.auditLog(present(filters), { limit: AUDIT_PAGE_SIZE, cursor }),
    { schema: auditEntry.array(), signal },
  );
  return { entries: data, nextCursor };
};

export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit-log', present(filters)],
    queryFn: ({ pageParam, signal }) => getAuditLog({ filters, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery(auditLogQueryOptions(filters));

/** The CSV of the same filters (a plain download: the browser streams it to a file). */
export const auditExportHref = (filters: AuditFilters) => api.auditExport(present(filters));
