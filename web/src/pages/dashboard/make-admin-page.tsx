import { PageHeader } from '../../components/page-header';
import { UsersTable } from '../../features/users/components/users-table';
import { usePageTitle } from '../../lib/use-page-title';

export function MakeAdminPage() {
  usePageTitle('Make Admin');

  return (
    <section>
      <PageHeader
        level={2}
        title="All Users"
        description="Every user of the shop; make a user an admin."
      />
      <UsersTable />
    </section>
  );
}
