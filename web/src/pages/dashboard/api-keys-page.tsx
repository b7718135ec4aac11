import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { LoadMore } from '../../features/accounts/components/load-more';
import { useApiKeys } from '../../features/api-keys/api/get-api-keys';
import { ApiKeysTable } from '../../features/api-keys/components/api-keys-table';
import { CreateApiKeyForm } from '../../features/api-keys/components/create-api-key-form';
import { usePageTitle } from '../../lib/use-page-title';

/** Shop admin (issue 34): keys for the shop's machines (an ERP), each with what it may do. */
export function ApiKeysPage() {
  usePageTitle('API keys');
  return (
    <section>
      <PageHeader
        level={2}
        title="API keys"
        description="Keys let your ERP or other systems update stock and prices and fetch orders (/api/v1/integration). Each key reaches only the scopes you give it."
      />
      <CreateApiKeyForm />
      <ApiKeysList />
    </section>
  );
}

function ApiKeysList() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useApiKeys();
  const keys = data?.pages.flatMap((page) => page.keys) ?? [];

  if (isPending) return <Spinner text="Loading API keys…" />;
  if (isError)
    return (
      <p role="alert" className="font-medium text-error">
        {error.message}
      </p>
    );
  if (keys.length === 0)
    return <EmptyState title="No API keys yet">Create one above for your ERP.</EmptyState>;
  return (
    <>
      <ApiKeysTable keys={keys} />
      <LoadMore hasMore={hasNextPage} busy={isFetchingNextPage} onLoad={() => fetchNextPage()} />
    </>
  );
}
