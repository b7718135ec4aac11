import { lazy, Suspense } from 'react';
import { useWhenIdle } from '../../../lib/use-when-idle';
import { bannerSlides } from '../home-content';
import { BannerSlideView } from './banner-slide';

const BannerCarousel = lazy(async () => ({
  default: (await import('./banner-carousel')).BannerCarousel,
}));

/**
 * The home page's banner. Its first slide is in the server's HTML and stands still until the
 * browser is idle; then the carousel's code loads and takes over (issue 17: nothing of the
 * carousel runs during hydration).
 */
export function BannerSection() {
  const [first] = bannerSlides;
  const enhanced = useWhenIdle();
  const still = first && <BannerSlideView slide={first} first />;
  return (
    <section aria-labelledby="home-title" className="bg-blueprint bg-neutral text-neutral-content">
      <h1 id="home-title" className="sr-only">
        Proper Parts: industrial, machine and car parts for business buyers
      </h1>
      {enhanced ? (
        <Suspense fallback={still}>
          <BannerCarousel />
        </Suspense>
      ) : (
        still
      )}
    </section>
  );
}
