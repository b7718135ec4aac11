import { CAROUSEL_AUTOPLAY_MS } from '@proper-parts/domain/constants';
import type { Review } from '@proper-parts/domain/reviews';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { ReviewCard } from './review-card';

/** Spec §9: one slide, three from 769 px wide. */
const THREE_UP_FROM_PX = 769;
const slidesAt = (width: number) => (width >= THREE_UP_FROM_PX ? 3 : 1);

/**
 * The reviews in a Swiper (spec §2): loops, autoplays every 2 s, clickable pagination and
 * keyboard control. Loaded with the reviews section, not with the home page.
 */
export function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  // Swiper's loop needs more slides than it shows at once; with fewer it would only warn.
  const canLoop = reviews.length > slidesAt(window.innerWidth);
  return (
    <Swiper
      modules={[Autoplay, Pagination, Keyboard, A11y]}
      slidesPerView={1}
      spaceBetween={24}
      breakpoints={{ [THREE_UP_FROM_PX]: { slidesPerView: 3 } }}
      loop={canLoop}
      autoplay={{ delay: CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      keyboard={{ enabled: true }}
      a11y={{ containerRoleDescriptionMessage: 'reviews carousel' }}
      className="pb-12! [--swiper-pagination-color:var(--color-primary)]"
    >
      {reviews.map((review) => (
        <SwiperSlide key={review._id} className="h-auto!">
          <ReviewCard review={review} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
