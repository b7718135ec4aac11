import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { APP_NAME } from '@proper-parts/domain/constants';
import { scriptSafe } from '@proper-parts/domain/script-json';
import { isOutOfStock } from '@proper-parts/domain/stock';
import { matchPath } from 'react-router';
import { routes } from '../config/paths';
import { infoPageOf } from '../features/content/info-pages';
import { formatPrice } from '../lib/format';
import { formatPageTitle } from '../lib/use-page-title';
import type { PageFacts } from './page-data';

const SHOP_DESCRIPTION =
  'Proper Parts: industrial, machine and car parts and tools for business buyers. Find a part by its number, brand or category, order in the quantities you need and track every order.';

/** The titles the pages give themselves (`usePageTitle`), so the browser keeps the server's. */
const TITLES: [pattern: string, title: string, description: string][] = [
  [routes.home, 'Home', SHOP_DESCRIPTION],
  [
    routes.products,
    'All Parts',
    'Search the Proper Parts catalog by part number, cross-reference, brand, category and specification, with prices and stock.',
  ],
  [
    routes.brands,
    'All Brands',
    'Every manufacturer in the Proper Parts catalog, A to Z, with the number of parts of each.',
  ],
  [
    routes.categories,
    'All Categories',
    'The Proper Parts catalog by category: bearings, fasteners, hydraulics, pneumatics, electrical, filters, brakes, tools and more.',
  ],
  [routes.blogs, 'Blogs', 'Notes from Proper Parts on parts, tools and running a workshop.'],
  [routes.portfolio, 'Portfolio', 'Who builds Proper Parts, and the work behind it.'],
];

/** A description of at most 160 characters, cut at a word. */
const clip = (text: string, most = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= most) return flat;
  const cut = flat.slice(0, most - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
};

const productDescription = (product: CatalogProduct) =>
  clip(
    [
      `${product.name}: SKU ${product.sku}`,
      product.mpn ? `, MPN ${product.mpn}` : '',
      product.brand ? ` by ${product.brand.name}` : '',
      `. ${formatPrice(product.price)} per piece, `,
      isOutOfStock(product) ? 'out of stock.' : 'in stock.',
      product.description ? ` ${product.description}` : '',
    ].join(''),
  );

/** schema.org `Product` and `BreadcrumbList` of a product page (absolute URLs). */
export function productStructuredData(product: CatalogProduct, origin: string) {
  const url = `${origin}/products/${product.slug}`;
  const image = product.img.startsWith('/') ? `${origin}${product.img}` : product.img;
  const productLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(product.mpn ? { mpn: product.mpn } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    image,
    description: product.description || product.name,
    url,
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: isOutOfStock(product)
        ? 'https://schema.org/OutOfStock'
        : 'https://schema.org/InStock',
      url,
    },
  };
  const crumbs = [
    { name: 'All Parts', item: `${origin}/products` },
    ...product.categoryPath.map((category) => ({
      name: category.name,
      item: `${origin}/products?category=${encodeURIComponent(category.slug)}`,
    })),
    { name: product.name, item: url },
  ];
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      ...crumb,
    })),
  };
  return [productLd, breadcrumbs];
}

/** JSON for a `<script>` (domain/src/script-json.ts: a name holding `</script>` cannot end it). */
export const scriptJson = (value: unknown) => scriptSafe(JSON.stringify(value));

/**
 * What a server-rendered page puts in `<head>`: its title in the shop's pattern, a description,
 * the canonical URL, Open Graph and Twitter tags, and on a product page its structured data.
 * Rendered to static markup by the server (web/src/entry-server.tsx); React escapes every value.
 */
export function PageHead({ facts, origin }: { facts: PageFacts; origin: string }) {
  const { product } = facts;
  const path = facts.canonicalPath.split('?')[0] ?? '';
  const info = infoPageOf(matchPath(routes.info, path)?.params.slug ?? '');
  const known: [string, string, string] | undefined = info
    ? [routes.info, info.title, info.summary]
    : TITLES.find(([pattern]) => matchPath(pattern, path));
  const notFound = facts.status === 404;
  const title = formatPageTitle(
    product
      ? product.name
      : notFound
        ? facts.canonicalPath.startsWith('/products/')
          ? 'Part Not Found'
          : 'Page Not Found'
        : (known?.[1] ?? APP_NAME),
  );
  const description = product ? productDescription(product) : (known?.[2] ?? SHOP_DESCRIPTION);
  const url = `${origin}${facts.canonicalPath}`;
  const image = product && (product.img.startsWith('/') ? `${origin}${product.img}` : product.img);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {notFound ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={APP_NAME} />
      <meta property="og:type" content={product ? 'product' : 'website'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={image} />}
      {/* The image shows the part: its name says what it is (as the page's own img alt does). */}
      {product && <meta property="og:image:alt" content={product.name} />}
      <meta name="twitter:card" content={product ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
      {product && <meta name="twitter:image:alt" content={product.name} />}
      {product &&
        productStructuredData(product, origin).map((data) => (
          <script
            key={String(data['@type'])}
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (scriptJson)
            dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
          />
        ))}
    </>
  );
}
