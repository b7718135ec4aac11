import { lazy, Suspense } from 'react';
import { bannerSlides } from '../home-content';
import { BannerSlideView } from './banner-slide';

const BannerCarousel = lazy(async () => ({
  default: (await import('./banner-carousel')).BannerCarousel,
}));

/** The home page's banner. Until the carousel code arrives, its first slide stands still in place. */
export function BannerSection() {
  const [first] = bannerSlides;
  return (
    <section aria-labelledby="home-title" className="bg-blueprint bg-neutral text-neutral-content">
      <h1 id="home-title" className="sr-only">
        Proper Parts: industrial, machine and car parts for business buyers
      </h1>
      <Suspense fallback={first && <BannerSlideView slide={first} first />}>
        <BannerCarousel />
      </Suspense>
    </section>
  );
}
