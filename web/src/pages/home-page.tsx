import { FeaturedProducts } from '../features/catalog/components/featured-products';
import { BannerSection } from '../features/content/components/banner-section';
import { BlogArea } from '../features/content/components/blog-area';
import { BrandsSection } from '../features/content/components/brands-section';
import { StatsSection } from '../features/content/components/stats-section';
import { ShopByVehicle } from '../features/fitment/components/shop-by-vehicle';
import { ReviewsSection } from '../features/reviews/components/reviews-section';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Spec §1: banner, featured products, statistics, blog area, brands and customer reviews; issue
 * 20's vehicle selector under the banner.
 */
export function HomePage() {
  usePageTitle('Home');
  // Who is signed in is read by the parts that change with it (Purchase Now and Write a Review
  // are disabled for admins, spec §6), not here: the session's answer, after hydration, then
  // renders those parts again, not the whole page (a synchronous render, a long task).

  return (
    <>
      <BannerSection />
      <ShopByVehicle />
      <FeaturedProducts />
      <StatsSection />
      <BlogArea />
      <BrandsSection />
      <ReviewsSection />
    </>
  );
}
