import { FEATURED_PRODUCT_COUNT } from '@proper-parts/domain/constants';
import { messages } from '@proper-parts/domain/messages';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../auth/use-current-user';
import { useTools } from '../api/get-tools';
import { ProductCard } from './product-card';

/** The home page's newest products (spec §1: six of them). Admins' Purchase Now is disabled (§6). */
export function FeaturedProducts() {
  const { data: products = [], isPending, isError } = useTools(FEATURED_PRODUCT_COUNT);
  const purchaseDisabled = useCurrentUser().user?.isAdmin ?? false;

  return (
    <section aria-labelledby="featured-products" className="mx-auto max-w-7xl px-4 py-16">
      <div className="mb-10 text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Our products</p>
        <h2 id="featured-products" className="mt-2 scroll-mt-24 text-3xl font-bold sm:text-4xl">
          Featured Products
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-base-content/70">
          Our newest parts and tools, sold by the piece with a clear minimum order.
        </p>
      </div>

      {isPending ? (
        <Spinner text="Loading products…" />
      ) : isError ? (
        <p role="alert" className="py-12 text-center text-lg font-semibold text-error">
          {messages.toolsFetchFailed}
        </p>
      ) : products.length === 0 ? (
        <p className="py-12 text-center text-base-content/70">No products yet. Check back soon.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product._id}>
              <ProductCard product={product} disabled={purchaseDisabled} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
