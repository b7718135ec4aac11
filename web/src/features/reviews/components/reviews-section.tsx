import { messages } from '@proper-parts/domain/messages';
import { lazy, Suspense, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useWhenIdle } from '../../../lib/use-when-idle';
import { useCurrentUser } from '../../auth/use-current-user';
import { useReviews } from '../api/get-reviews';

const ReviewsCarousel = lazy(async () => ({
  default: (await import('./reviews-carousel')).ReviewsCarousel,
}));

/** Reserves the carousel's height while reviews or the carousel code load (no layout shift). */
const loading = <Spinner text="Loading reviews…" className="min-h-72" />;

/** Spec §6: admins do not write reviews; the button says why instead of just greying out. */
function WriteReviewButton() {
  const reasonId = useId();
  const isAdmin = useCurrentUser().user?.isAdmin ?? false;
  if (!isAdmin) {
    return (
      <Link to={paths.dashboard.review} className="btn btn-primary">
        Write a Review
      </Link>
    );
  }
  return (
    <div className="flex flex-col items-center gap-1">
      <span className="tooltip tooltip-bottom" data-tip={messages.adminCannotReview}>
        <button type="button" className="btn btn-primary" disabled aria-describedby={reasonId}>
          Write a Review
        </button>
      </span>
      <p id={reasonId} className="max-w-xs text-center text-xs text-base-content/60">
        Admins cannot write reviews: they come from customers.
      </p>
    </div>
  );
}

/** 'What our customers say': the newest reviews in a carousel, and Write a Review (spec §1, §2). */
export function ReviewsSection() {
  const section = useRef<HTMLElement>(null);
  // Asked for, and drawn, once the section nears the screen or the browser is idle: the server
  // renders it loading, and hydration runs none of the carousel (issue 17).
  const wanted = useWhenIdle(section);
  const { data: reviews, isPending, isError, error } = useReviews({ enabled: wanted });

  return (
    <section ref={section} aria-labelledby="reviews-title" className="mx-auto max-w-7xl px-4 py-16">
      <div className="mb-10 flex flex-col items-center gap-4 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Reviews</p>
        <h2 id="reviews-title" className="text-3xl font-bold sm:text-4xl">
          What Our Customers Say
        </h2>
        <WriteReviewButton />
      </div>
      {isPending ? (
        loading
      ) : isError ? (
        <p role="alert" className="py-12 text-center font-semibold text-error">
          {error.message}
        </p>
      ) : reviews.length === 0 ? (
        <p className="py-12 text-center text-base-content/70">
          No reviews yet. Be the first to tell other buyers how we did.
        </p>
      ) : (
        <Suspense fallback={loading}>
          <ReviewsCarousel reviews={reviews} />
        </Suspense>
      )}
    </section>
  );
}
