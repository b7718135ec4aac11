import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { MyOrdersTable } from '../../features/orders/components/my-orders-table';
import { usePageTitle } from '../../lib/use-page-title';

export function MyOrdersPage() {
  usePageTitle('My Orders');
  const { user } = useCurrentUser();

  return (
    <section>
      <PageHeader
        level={2}
        title="My Orders"
        description="Your orders, their payment and shipping status."
      />
      {user && <MyOrdersTable email={user.email} />}
    </section>
  );
}
