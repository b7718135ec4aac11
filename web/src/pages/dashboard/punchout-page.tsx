import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { LoadMore } from '../../features/accounts/components/load-more';
import { usePunchoutConnections } from '../../features/punchout/api/get-punchout-connections';
import { CreatePunchoutConnectionForm } from '../../features/punchout/components/create-punchout-connection-form';
import { PunchoutConnectionsTable } from '../../features/punchout/components/punchout-connections-table';
import { usePageTitle } from '../../lib/use-page-title';

/** Shop admin (issue 34): the procurement systems (Ariba, Coupa, SAP) that punch out to the shop. */
export function PunchoutPage() {
  usePageTitle('PunchOut');
  const origin = window.location.origin;
  return (
    <section>
      <PageHeader
        level={2}
        title="PunchOut"
        description="Let a company's procurement system open the shop for its buyers, take the cart back as a requisition, and send the approved purchase order here."
      />
      <dl className="mb-6 grid gap-2 rounded-box border border-base-300 bg-base-100 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">cXML setup URL</dt>
        <dd className="break-all">
          <code>{origin}/punchout/cxml/setup</code>
        </dd>
        <dt className="font-medium">cXML order URL</dt>
        <dd className="break-all">
          <code>{origin}/punchout/cxml/order</code>
        </dd>
        <dt className="font-medium">OCI login URL</dt>
        <dd className="break-all">
          <code>{origin}/punchout/oci/login</code>{' '}
          <span className="text-base-content/70">with USERNAME, PASSWORD and HOOK_URL</span>
        </dd>
      </dl>
      <CreatePunchoutConnectionForm />
      <ConnectionsList />
    </section>
  );
}

function ConnectionsList() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    usePunchoutConnections();
  const connections = data?.pages.flatMap((page) => page.connections) ?? [];

  if (isPending) return <Spinner text="Loading connections…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (connections.length === 0)
    return (
      <EmptyState title="No PunchOut connections yet">
        Connect a company's procurement system above.
      </EmptyState>
    );
  return (
    <>
      <PunchoutConnectionsTable connections={connections} />
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => fetchNextPage()} />
    </>
  );
}
