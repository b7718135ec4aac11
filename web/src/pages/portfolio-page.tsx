import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { usePageTitle } from '../lib/use-page-title';

export function PortfolioPage() {
  usePageTitle('Portfolio');

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PageHeader
        title="Portfolio"
        description="The developer behind Proper Parts: skills, education and projects."
      />
      <EmptyState title="Portfolio coming soon">
        Projects and contact details will be listed here.
      </EmptyState>
    </div>
  );
}
