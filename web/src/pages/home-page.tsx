import { useCurrentUser } from '../features/auth/use-current-user';
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
  // Admins do not buy or review (spec §6): their Purchase Now and Write a Review are disabled.
  const isAdmin = useCurrentUser().user?.isAdmin ?? false;

  return (
    <>
      <BannerSection />
      <ShopByVehicle />
      <FeaturedProducts purchaseDisabled={isAdmin} />
      <StatsSection />
      <BlogArea />
      <BrandsSection />
      <ReviewsSection isAdmin={isAdmin} />
    </>
  );
}
