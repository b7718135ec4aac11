import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { LoadMore } from '../../features/accounts/components/load-more';
import {
  type AuditFilters,
  auditExportHref,
  useAuditLog,
} from '../../features/audit/api/get-audit-log';
import { AuditFiltersForm } from '../../features/audit/components/audit-filters';
import { AuditTable } from '../../features/audit/components/audit-table';
import { usePageTitle } from '../../lib/use-page-title';

const FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const;

/** Shop admin (issue 21): who changed what, and the security events; filtered, paged, exported. */
export function AuditLogPage() {
  usePageTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );

  return (
    <section>
      <PageHeader
        level={2}
        title="Audit log"
        description="Every admin change and security event, newest first: who, from where, what and when. Entries cannot be changed or deleted."
      />
      <AuditFiltersForm filters={filters} onApply={(next) => setParams(next)} />
      <p className="mb-4">
        <a className="btn btn-outline btn-sm" href={auditExportHref(filters)} download>
          Export CSV
        </a>{' '}
        <span className="text-sm text-base-content/70">
          The entries these filters match. Dates are UTC.
        </span>
      </p>
      <AuditEntries filters={filters} />
    </section>
  );
}

function AuditEntries({ filters }: { filters: AuditFilters }) {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useAuditLog(filters);
  const entries = data?.pages.flatMap((page) => page.entries) ?? [];

  if (isPending) return <Spinner text="Loading the audit log…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (entries.length === 0)
    return <EmptyState title="No entries">Nothing matches these filters.</EmptyState>;
  return (
    <>
      <AuditTable entries={entries} />
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => fetchNextPage()} />
    </>
  );
}
