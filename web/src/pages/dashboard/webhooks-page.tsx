import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { LoadMore } from '../../features/accounts/components/load-more';
import { useWebhooks } from '../../features/webhooks/api/get-webhooks';
import { CreateWebhookForm } from '../../features/webhooks/components/create-webhook-form';
import { WebhooksTable } from '../../features/webhooks/components/webhooks-table';
import { usePageTitle } from '../../lib/use-page-title';

/** Shop admin (issue 34): where the shop posts its events (orders, invoices, stock…), signed. */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  return (
    <section>
      <PageHeader
        level={2}
        title="Webhooks"
        description="The shop posts each event you choose to your endpoints, signed with their secret, and retries for up to 3 days while a receiver is down."
      />
      <CreateWebhookForm />
      <WebhooksList />
    </section>
  );
}

function WebhooksList() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useWebhooks();
  const endpoints = data?.pages.flatMap((page) => page.endpoints) ?? [];

  if (isPending) return <Spinner text="Loading endpoints…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (endpoints.length === 0)
    return <EmptyState title="No endpoints yet">Register one above for your ERP.</EmptyState>;
  return (
    <>
      <WebhooksTable endpoints={endpoints} />
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => fetchNextPage()} />
    </>
  );
}
