import { messages } from '@proper-parts/domain/messages';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { usePageTitle } from '../../lib/use-page-title';

export function AddReviewPage() {
  usePageTitle('Add A Review');
  const isAdmin = useCurrentUser().user?.isAdmin ?? false;

  return (
    <section>
      <PageHeader
        level={2}
        title="Give a Review"
        description="Tell other buyers how our parts and service worked for you. Your review shows on the home page."
      />
      {isAdmin ? (
        <p role="note" className="rounded-box border border-base-300 bg-base-200 p-4">
          {messages.adminCannotReview}
        </p>
      ) : (
        <ReviewForm />
      )}
    </section>
  );
}
