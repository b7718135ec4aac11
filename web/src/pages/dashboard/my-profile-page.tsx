import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

export function MyProfilePage() {
  usePageTitle('My Profile');

  return (
    <section>
      <PageHeader
        level={2}
        title="My Profile"
        description="Your contact details, education and links."
      />
      <EmptyState title="Your profile is empty" />
    </section>
  );
}
