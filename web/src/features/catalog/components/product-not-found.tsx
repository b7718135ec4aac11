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

/**
 * Issue 35, decision 039: `/products/{slug}` for a member of a company whose restricted catalog
 * leaves the part out: a 404 that says why, and where to ask.
 */
export function ProductNotInCatalog({ message }: { message: string }) {
  return (
    <section
      aria-labelledby="product-not-in-catalog"
      className="mx-auto flex max-w-xl flex-col items-center py-8 text-center"
    >
      <h2 id="product-not-in-catalog" className="text-2xl font-bold">
        {message}
      </h2>
      <p className="mt-2 text-base-content/70">
        Your company buys from part of our catalog. Ask your company's admin or the shop if you need
        this part.
      </p>
      <Link to={paths.products()} className="btn btn-primary mt-6">
        Browse your catalog
      </Link>
    </section>
  );
}
