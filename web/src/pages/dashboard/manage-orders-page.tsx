import { PageHeader } from '../../components/page-header';
import { ManageOrdersTable } from '../../features/orders/components/manage-orders-table';
import { OrdersExportForm } from '../../features/orders/components/orders-export-form';
import { usePageTitle } from '../../lib/use-page-title';

export function ManageOrdersPage() {
  usePageTitle('Manage All Orders');

  return (
    <section>
      <PageHeader
        level={2}
        title="Manage All Orders"
        description="Every customer order: ship paid orders, delete unpaid ones."
      />
      <OrdersExportForm />
      <ManageOrdersTable />
    </section>
  );
}
