import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

export function AddReviewPage() {
  usePageTitle('Add A Review');

  return (
    <section>
      <PageHeader
        level={2}
        title="Give a Review"
        description="Tell other buyers how our parts and service worked for you."
      />
      <EmptyState title="Reviews open soon" />
    </section>
  );
}
