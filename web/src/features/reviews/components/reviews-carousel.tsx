import type { Review } from '@proper-parts/domain/reviews';
import { Carousel } from '../../../components/carousel';
import { ReviewCard } from './review-card';

/**
 * The reviews in a carousel (spec §2, §9): one at a time, three from 769 px wide, 24 px apart;
 * loops, autoplays every 2 s, clickable dots and the arrow keys. Loaded with the reviews section,
 * not with the home page.
 */
export function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  return (
    <Carousel
      label="Customer reviews"
      items={reviews}
      itemKey={(review) => review._id}
      renderItem={(review) => <ReviewCard review={review} />}
      containerClassName="-ml-6"
      slideClassName="pl-6 min-[769px]:basis-1/3"
      dotsClassName="mt-4 mb-2 [--carousel-dot:var(--color-base-content)] [--carousel-dot-active:var(--color-primary)]"
      keyboard
    />
  );
}
