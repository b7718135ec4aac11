import { AppFrame } from '../components/layout/app-frame';
import { BannerSection } from '../features/content/components/banner-section';

/**
 * What the home page paints before its JavaScript runs: the frame (navbar, skip link) and the
 * banner's first slide, as a visitor sees them while the session check is pending. Rendered at
 * build time (scripts/first-paint.mjs) and sent inside `/`'s first HTML; React then renders the
 * same markup over it, with the rest of the page below, so nothing on screen moves.
 */
export function HomeFirstPaint() {
  return (
    <AppFrame>
      <BannerSection />
    </AppFrame>
  );
}
