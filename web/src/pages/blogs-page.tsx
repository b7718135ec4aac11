import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { usePageTitle } from '../lib/use-page-title';

export function BlogsPage() {
  usePageTitle('Blogs');

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <PageHeader
        title="Blogs"
        description="Questions and answers about how Proper Parts is built, from React performance to state management."
      />
      <EmptyState title="Articles are on their way">
        Our first question-and-answer entries are being written.
      </EmptyState>
    </div>
  );
}
