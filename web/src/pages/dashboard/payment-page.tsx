import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

export function PaymentPage() {
  usePageTitle('Payment');
  const { id = '' } = useParams();

  return (
    <section>
      <PageHeader level={2} title="Payment" description={`Pay for order ${id} by card.`} />
      <EmptyState title="Card payment opens soon" />
    </section>
  );
}
