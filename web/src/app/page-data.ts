import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { FEATURED_PRODUCT_COUNT } from '@proper-parts/domain/constants';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { routes } from '../config/paths';
import { productPageQueryOptions } from '../features/catalog/api/edit-product';
import { demoProgressQueryOptions } from '../features/catalog/api/get-demo-progress';
import { brandsQueryOptions, categoriesQueryOptions } from '../features/catalog/api/get-taxonomy';
import { toolsQueryOptions } from '../features/catalog/api/get-tools';
import { catalogSearchQueryOptions, searchParamsOf } from '../features/catalog/api/search-catalog';
import { infoPageOf } from '../features/content/info-pages';
import { vehicleQuery } from '../features/fitment/api/vehicle-steps';

/** The public pages the server renders (web/src/entry-server.tsx); the rest are drawn in the browser. */
export const SERVER_RENDERED = [
  routes.home,
  routes.products,
  routes.product,
  routes.brands,
  routes.categories,
  routes.blogs,
  routes.portfolio,
  routes.info,
] as const;

/** Pages drawn in the browser only (signed in, or forms with secrets in their links). */
const BROWSER_ONLY = [
  routes.signIn,
  routes.signUp,
  routes.resetPassword,
  routes.verifyEmail,
  // An invitation's link carries its token, and the page is a signed-in form.
  routes.joinCompany,
  routes.purchase,
  routes.cart,
  routes.checkout,
  routes.quickOrder,
  // A visitor's garage is in the browser's storage: the server has nothing to draw.
  routes.garage,
  routes.dashboard,
  `${routes.dashboard}/*`,
];

/** The server renders every page but those: the public ones, and the not-found page (404). */
export const isServerRendered = (path: string) =>
  !BROWSER_ONLY.some((pattern) => matchPath(pattern, path) !== null);

/** What the server learned while fetching a page's data: its status, and what its head describes. */
export interface PageFacts {
  status: 200 | 301 | 404;
  /** With 301: where the page is now (a product's former slug). */
  location?: string;
  /** The path of the page a search engine should index for this URL (its query normalized). */
  canonicalPath: string;
  /** Set on a product page whose product exists. */
  product?: CatalogProduct;
  /** `/products`: the normalized query (for the title and the canonical URL). */
  search?: URLSearchParams;
}

/**
 * Asks for what a server-rendered page shows, into the query cache its hooks read, through the
 * same query options (so the keys cannot drift): the page then renders finished on the server,
 * and the browser hydrates from the same cache without fetching again. A failed request is left
 * out (the page fetches it in the browser); a missing product is a 404.
 */
export async function prefetchPage(client: QueryClient, url: URL): Promise<PageFacts> {
  const { pathname } = url;
  const product = matchPath(routes.product, pathname);
  if (product) {
    const slug = product.params.slug ?? '';
    const found = await client.fetchQuery(productPageQueryOptions(slug)).catch(() => undefined);
    if (found === null) return { status: 404, canonicalPath: pathname };
    if (found && found.slug !== slug) {
      const location = `/products/${found.slug}`;
      return { status: 301, location, canonicalPath: location };
    }
    // Its related parts are asked for by the browser: a category's search (with its counts) cost
    // the server's render 100–500 ms at 10^6 products the first time it was asked.
    return {
      status: 200,
      // Issue 36: a replaced part's page stays indexed, its canonical the replacement's page.
      canonicalPath: found ? `/products/${found.supersededBy?.slug ?? found.slug}` : pathname,
      product: found,
    };
  }
  if (pathname === routes.products) {
    const search = searchParamsOf(url.searchParams);
    // "Fits my vehicle" names the vehicle of `?vehicle=` (a shared link's, not this browser's).
    const vehicle = Number(search.get('vehicle'));
    await Promise.all([
      client.prefetchQuery(catalogSearchQueryOptions(search)),
      // A new shop's demo catalog still loading: the page says so from its first HTML.
      client.prefetchQuery(demoProgressQueryOptions),
      Number.isSafeInteger(vehicle) && vehicle > 0 && client.prefetchQuery(vehicleQuery(vehicle)),
    ]);
    const query = search.toString();
    return { status: 200, canonicalPath: query ? `${pathname}?${query}` : pathname, search };
  }
  // The featured six; the reviews are asked for by the browser when their section nears view.
  if (pathname === routes.home)
    await client.prefetchQuery(toolsQueryOptions(FEATURED_PRODUCT_COUNT));
  if (pathname === routes.brands) await client.prefetchQuery(brandsQueryOptions);
  if (pathname === routes.categories) await client.prefetchQuery(categoriesQueryOptions);
  const info = matchPath(routes.info, pathname);
  if (info)
    return { status: infoPageOf(info.params.slug ?? '') ? 200 : 404, canonicalPath: pathname };
  const known = SERVER_RENDERED.some((pattern) => matchPath(pattern, pathname));
  return { status: known ? 200 : 404, canonicalPath: pathname };
}
