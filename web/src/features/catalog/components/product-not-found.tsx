import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** `/purchase/{id}` or `/products/{slug}` for a product that does not exist (any more). */
export function ProductNotFound() {
  return (
    <section
      aria-labelledby="product-not-found"
      className="mx-auto flex max-w-xl flex-col items-center py-8 text-center"
    >
      <img
        src="/images/not-found.svg"
        alt="A gear in place of the zero of 404"
        width={600}
        height={400}
        className="h-auto w-full max-w-xs"
      />
      <h2 id="product-not-found" className="mt-6 text-2xl font-bold">
        Product not found
      </h2>
      <p className="mt-2 text-base-content/70">
        This product does not exist or is no longer in our catalog. The link may be mistyped.
      </p>
      <Link to={paths.products()} className="btn btn-primary mt-6">
        Back to products
      </Link>
    </section>
  );
}
