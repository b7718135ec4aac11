import { Carousel } from '../../../components/carousel';
import { bannerSlides } from '../home-content';
import { BannerSlideView } from './banner-slide';

/**
 * The banner's slides in a carousel (spec §2): loops, moves every 2000 ms and keeps moving after
 * the user touches it, with dynamic dots over the slide's foot. Loaded on its own, after the
 * first paint.
 */
export function BannerCarousel() {
  return (
    <Carousel
      label="Banner"
      items={bannerSlides}
      itemKey={(slide) => slide.bannerIntro}
      renderItem={(slide, index) => <BannerSlideView slide={slide} first={index === 0} />}
      dynamicDots
      dotsClassName="absolute inset-x-0 bottom-2 [--carousel-dot:#fff] [--carousel-dot-active:var(--color-accent)]"
    />
  );
}
