import { CAROUSEL_AUTOPLAY_MS } from '@proper-parts/domain/constants';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { bannerSlides } from '../home-content';
import { BannerSlideView } from './banner-slide';

/**
 * The banner's slides in a Swiper (spec §2): loops, moves every 2000 ms and keeps moving after
 * the user touches it, with dynamic pagination bullets. Loaded on its own, after the first paint.
 */
export function BannerCarousel() {
  return (
    <Swiper
      modules={[Autoplay, Pagination, A11y]}
      loop
      autoplay={{ delay: CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false }}
      pagination={{ clickable: true, dynamicBullets: true }}
      a11y={{ containerRoleDescriptionMessage: 'banner carousel' }}
      className="[--swiper-pagination-bullet-inactive-color:#fff] [--swiper-pagination-color:var(--color-accent)]"
    >
      {bannerSlides.map((slide, index) => (
        <SwiperSlide key={slide.bannerIntro}>
          <BannerSlideView slide={slide} first={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
