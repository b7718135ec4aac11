import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { BannerSlide } from '../home-content';

/** One banner slide: intro, description, 'Explore Now' (to the catalog, decisions.md) and an image (spec §1). */
export function BannerSlideView({ slide, first }: { slide: BannerSlide; first: boolean }) {
  return (
    <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 pt-8 pb-12 sm:gap-10 sm:pt-12 sm:pb-16 md:grid-cols-5 lg:pt-16 lg:pb-20">
      <div className="md:col-span-3">
        <p className="text-xs font-semibold uppercase tracking-widest text-accent sm:text-sm">
          Industrial · Machine · Automotive
        </p>
        <h2 className="mt-3 text-2xl font-extrabold leading-tight tracking-tight sm:text-4xl lg:text-5xl">
          {slide.bannerIntro}
        </h2>
        <p className="mt-4 max-w-2xl text-base text-neutral-content/85 sm:text-lg">
          {slide.bannerDescription}
        </p>
        <Link to={paths.products()} className="btn btn-primary mt-6 sm:btn-lg">
          Explore Now
        </Link>
      </div>
      <div className="md:col-span-2">
        <img
          src={slide.bannerImg}
          alt={slide.bannerAlt}
          width={400}
          height={300}
          // The first slide is the largest thing on the first screen: fetch it first.
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          elementtiming={first ? 'first-screen' : undefined}
          className="mx-auto h-36 w-auto rounded-box shadow-lg sm:h-56 md:h-auto md:w-full"
        />
      </div>
    </div>
  );
}
