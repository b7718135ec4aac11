import { availabilityPhrase, backorderablePieces } from '@proper-parts/domain/backorder-rules';
import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import { countOf, quantityUnit } from '@proper-parts/domain/sales-units';
import { isOutOfStock, stockSentence } from '@proper-parts/domain/stock';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { AfterHydration } from '../components/after-hydration';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/use-current-user';
import { AddToCartForm } from '../features/cart/components/add-to-cart';
import { useContractPrice } from '../features/catalog/api/buyer-prices';
import { productPageQueryOptions } from '../features/catalog/api/edit-product';
import { PriceBreaks } from '../features/catalog/components/price-breaks-table';
import { Breadcrumbs } from '../features/catalog/components/product-breadcrumbs';
import {
  ProductNotFound,
  ProductNotInCatalog,
} from '../features/catalog/components/product-not-found';
import { RelatedProducts } from '../features/catalog/components/related-products';
import { ReplacedByNote, ReplacesNote } from '../features/catalog/components/replaced-by-note';
import { SalesUnitNote } from '../features/catalog/components/sales-unit-note';
import { FitCheck } from '../features/fitment/components/fit-check';
import { VehicleFitSection } from '../features/fitment/components/vehicle-fit-section';
import { formatPrice } from '../lib/format';
import { usePageTitle } from '../lib/use-page-title';

const referenceKinds: Record<string, string> = {
  oem: 'OEM',
  superseded: 'Superseded',
  competitor: 'Competitor',
};
const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll('_', ' ');

function ProductView({ product }: { product: CatalogProduct }) {
  const isAdmin = useCurrentUser().user?.isAdmin ?? false;
  const outOfStock = isOutOfStock(product);
  // Issue 36: a product taking backorders is ordered through the cart above its stock too.
  const backorderable = backorderablePieces(product.backorder) > 0;
  const availability = availabilityPhrase(product.availableQuantity, product.backorder);
  const contract = useContractPrice(product._id);
  return (
    <article aria-labelledby="product-name">
      <Breadcrumbs product={product} />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <figure className="rounded-box bg-base-200 p-6">
          <img
            src={product.img}
            alt={product.name}
            width={480}
            height={360}
            fetchPriority="high"
            elementtiming="first-screen"
            className="mx-auto h-auto max-h-96 w-full object-contain"
          />
        </figure>
        <div className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-3">
            <h1 id="product-name" className="text-2xl font-bold leading-tight sm:text-3xl">
              {product.name}
            </h1>
            {/* Issue 31: an admin goes from the page a buyer sees to its edit. */}
            {isAdmin && (
              <Link
                to={paths.dashboard.editProduct(product._id)}
                className="btn btn-outline btn-sm shrink-0"
              >
                Edit
              </Link>
            )}
          </div>
          <ReplacedByNote replacement={product.supersededBy} />
          <ReplacesNote skus={product.supersedes} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-base-content/70">SKU</dt>
            <dd className="font-mono" data-testid="sku">
              {product.sku}
            </dd>
            {product.mpn && (
              <>
                <dt className="text-base-content/70">MPN</dt>
                <dd className="font-mono">{product.mpn}</dd>
              </>
            )}
            {product.brand && (
              <>
                <dt className="text-base-content/70">Brand</dt>
                <dd>
                  <Link
                    to={paths.products({ brand: product.brand.slug })}
                    className="link link-primary"
                  >
                    {product.brand.name}
                  </Link>
                </dd>
              </>
            )}
          </dl>
          <p className="mt-2">
            <span className="text-3xl font-bold text-primary" data-testid="price">
              {formatPrice(contract ? contract.unitPrice : product.price)}
            </span>{' '}
            <span className="text-sm text-base-content/70">
              per {quantityUnit(product.salesUnit, 1)}
            </span>
            {contract && (
              <>
                {' '}
                <span className="sr-only">list price</span>
                <s className="text-base-content/70" data-testid="list-price">
                  {formatPrice(contract.listPrice)}
                </s>{' '}
                <span className="badge badge-success badge-outline">Your price</span>
              </>
            )}
          </p>
          <p className="text-sm">
            {outOfStock && !backorderable ? (
              <span className="badge badge-error">Out of stock</span>
            ) : outOfStock ? (
              <>
                <span className="badge badge-warning">On backorder</span> · minimum order{' '}
                <span className="font-medium">
                  {countOf(product.minimumOrderQuantity, product.salesUnit)}
                </span>
              </>
            ) : (
              <>
                <span className="font-medium">
                  {countOf(product.availableQuantity, product.salesUnit)}
                </span>{' '}
                in stock · minimum order{' '}
                <span className="font-medium">
                  {countOf(product.minimumOrderQuantity, product.salesUnit)}
                </span>
              </>
            )}
          </p>
          {/* Issue 36: where the stock lies, when it lies in more than one warehouse. */}
          {!outOfStock && product.stock.length > 1 && (
            <p className="text-sm text-base-content/70" data-testid="warehouse-stock">
              {stockSentence(product.stock)}
            </p>
          )}
          {availability && (
            <p className="text-sm font-medium" data-testid="availability">
              {availability}
            </p>
          )}
          <AfterHydration>
            <FitCheck slug={product.slug} categorySlug={product.category?.slug} />
          </AfterHydration>
          {outOfStock || isAdmin ? (
            <button type="button" className="btn btn-primary mt-2 sm:w-60" disabled>
              {outOfStock ? 'Out of stock' : 'Purchase Now'}
            </button>
          ) : (
            <Link to={paths.purchase(product._id)} className="btn btn-primary mt-2 sm:w-60">
              Purchase Now
            </Link>
          )}
          {(!outOfStock || backorderable) && <AddToCartForm product={product} />}
          {isAdmin && !outOfStock && (
            <p className="text-xs text-base-content/60">Admins cannot place orders.</p>
          )}
          <SalesUnitNote product={product} />
          {product.coreDeposit > 0 && (
            <p className="text-sm" data-testid="core-deposit">
              Plus a core deposit of {formatPrice(product.coreDeposit)} per piece, refunded when you
              return the old unit within {product.coreReturnDays} days of shipment.
            </p>
          )}
          <PriceBreaks product={product} own={contract} />
          {product.description && (
            <p className="mt-2 whitespace-pre-line text-base-content/85">{product.description}</p>
          )}
        </div>
      </div>

      <AfterHydration>
        <VehicleFitSection slug={product.slug} />
      </AfterHydration>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        {product.attributes.length > 0 && (
          <section aria-labelledby="specifications">
            <h2 id="specifications" className="mb-3 text-xl font-bold">
              Specifications
            </h2>
            <table className="table table-sm">
              <tbody>
                {product.attributes.map((attribute) => (
                  <tr key={attribute.name}>
                    <th scope="row" className="w-1/2 font-medium">
                      {title(attribute.name)}
                    </th>
                    <td>
                      {attribute.value}
                      {attribute.unit ? ` ${attribute.unit}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {product.crossReferences.length > 0 && (
          <section aria-labelledby="cross-references">
            <h2 id="cross-references" className="mb-3 text-xl font-bold">
              Cross-references
            </h2>
            <table className="table table-sm">
              <tbody>
                {product.crossReferences.map((reference) => (
                  <tr key={`${reference.kind}:${reference.number}`}>
                    <th scope="row" className="w-1/2 font-medium">
                      {referenceKinds[reference.kind] ?? reference.kind}
                    </th>
                    <td className="font-mono">{reference.number}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
      <AfterHydration>
        <RelatedProducts product={product} />
      </AfterHydration>
    </article>
  );
}

/**
 * A part's public page (`/products/{slug}`): every field, its specifications and
 * cross-references, related parts, and Purchase Now to the spec's order form. Rendered in the
 * browser for now; issue 17 renders it on the server from this same component.
 */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data, isPending, isError, error } = useQuery(productPageQueryOptions(slug));
  usePageTitle(data ? data.name : data === null ? 'Part Not Found' : 'Product');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {isPending ? (
        <Spinner text="Loading the part…" />
      ) : isError ? (
        error.message === companyCatalogMessages.productNotInCatalog ? (
          <ProductNotInCatalog message={error.message} />
        ) : (
          <p role="alert" className="font-medium text-error">
            {error.message}
          </p>
        )
      ) : data === null ? (
        <ProductNotFound />
      ) : data.slug !== slug ? (
        // A former slug (the server answers 301; this is for links followed inside the app).
        <Navigate to={paths.product(data.slug)} replace />
      ) : (
        <ProductView product={data} />
      )}
    </div>
  );
}
