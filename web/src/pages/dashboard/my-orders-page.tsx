import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

export function MyOrdersPage() {
  usePageTitle('My Orders');

  return (
    <section>
      <PageHeader
        level={2}
        title="My Orders"
        description="Your orders, their payment and shipping status."
      />
      <EmptyState title="You have no orders yet" />
    </section>
  );
}
