import { z } from 'zod';
import { productBackorder } from './backorders.ts';
import { formatCount } from './format.ts';
import { SALES_UNITS } from './sales-units.ts';
import { SEARCH_SORTS } from './search-sorts.ts';

/** Issue 16: the catalog's search, product, brand and category answers. Prices are dollars. */

export { SEARCH_SORTS, type SearchSort } from './search-sorts.ts';

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug: lower-case letters, digits and hyphens');
const dollars = z.coerce.number().min(0).max(100_000_000);
const ATTRIBUTE_PARAM = /^attr\.([a-z0-9_]{1,40})$/;
const ATTRIBUTE_RANGE = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/;
const KNOWN = new Set([
  'q',
  'category',
  'brand',
  'inStock',
  'minPrice',
  'maxPrice',
  'vehicle',
  'sort',
  'cursor',
  'limit',
]);

/** `attr.<name>=value` or `attr.<name>=min..max` (either end may be left out). */
export type AttributeFilter =
  | { name: string; value: string }
  | { name: string; min: number | null; max: number | null };

/**
 * `GET /catalog/search`'s query. Any parameter it does not know is refused by name (a typo must
 * not silently widen the search); `attr.<name>` parameters are gathered into `attributes`.
 */
export const searchQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    category: slug.optional(),
    brand: z
      .union([slug, z.array(slug).max(50)])
      .optional()
      .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
    inStock: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    minPrice: dollars.optional(),
    maxPrice: dollars.optional(),
    /** Only the parts that fit this vehicle (issue 20: `GET /vehicles/...` gives its id). */
    vehicle: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    sort: z.enum(SEARCH_SORTS).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(24),
  })
  .catchall(z.union([z.string().max(100), z.array(z.string().max(100))]))
  .superRefine((query, context) => {
    for (const [key, value] of Object.entries(query)) {
      if (KNOWN.has(key)) continue;
      if (!ATTRIBUTE_PARAM.test(key)) {
        context.addIssue({ code: 'custom', path: [key], message: 'unknown parameter' });
      } else if (typeof value !== 'string' || value.trim() === '') {
        context.addIssue({ code: 'custom', path: [key], message: 'give one value, or min..max' });
      } else if (value.includes('..') && !ATTRIBUTE_RANGE.test(value)) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'a range is min..max, in numbers',
        });
      }
    }
    if (
      query.minPrice !== undefined &&
      query.maxPrice !== undefined &&
      query.minPrice > query.maxPrice
    ) {
      context.addIssue({ code: 'custom', path: ['minPrice'], message: 'above maxPrice' });
    }
  })
  .transform((query) => {
    const attributes: AttributeFilter[] = [];
    for (const [key, value] of Object.entries(query)) {
      const name = ATTRIBUTE_PARAM.exec(key)?.[1];
      if (!name || typeof value !== 'string') continue;
      const range = ATTRIBUTE_RANGE.exec(value);
      attributes.push(
        range
          ? {
              name,
              min: range[1] === undefined ? null : Number(range[1]),
              max: range[2] === undefined ? null : Number(range[2]),
            }
          : { name, value: value.trim() },
      );
    }
    return {
      q: query.q || undefined,
      category: query.category,
      brands: query.brand,
      inStock: query.inStock,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      vehicle: query.vehicle,
      sort: query.sort,
      cursor: query.cursor,
      limit: query.limit,
      attributes,
    };
  });
export type SearchQuery = z.output<typeof searchQuery>;

const named = z.object({ slug: z.string(), name: z.string() });
const counted = named.extend({ count: z.number().int() });

/** A product named by its part number and page. */
export const partRef = z.object({ sku: z.string(), slug: z.string() });
export type PartRef = z.infer<typeof partRef>;

export const searchItem = z.object({
  _id: z.string(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: named.nullable(),
  category: named.nullable(),
  price: z.number(),
  img: z.string(),
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** Sold in packs of this many (1: any quantity). */
  packSize: z.number().int(),
  /** Issue 35: what it sells in (sales-units.ts), and the most one order takes (null: no limit). */
  salesUnit: z.enum(SALES_UNITS),
  maxOrderQuantity: z.number().int().nullable(),
  /**
   * Issue 36: the product that replaces this one, at the end of its chain (A → B → C: C); null
   * when it is not replaced. A card and the product page say "Replaced by" with a link to it.
   */
  supersededBy: partRef.nullable().default(null),
});
export type SearchItem = z.infer<typeof searchItem>;

/**
 * Issue 32: a search counts its matches exactly up to this many; past it, `total` is this figure
 * and `totalIsLowerBound` is true ("1,000+ parts"), and the facets are counted over the first
 * this-many matches only (a bounded sample), so a broad word costs what a narrow one does.
 */
export const SEARCH_EXACT_COUNT_UP_TO = 1_000;

/** `1,000+` past the bound, the count itself below it. */
export const searchTotalText = (result: { total: number; totalIsLowerBound: boolean }) =>
  `${formatCount(result.total)}${result.totalIsLowerBound ? '+' : ''}`;

export const searchResult = z.object({
  items: z.array(searchItem),
  /** Opaque; absent (null) on the last page. */
  nextCursor: z.string().nullable(),
  /** The matches; with `totalIsLowerBound`, at least this many (`SEARCH_EXACT_COUNT_UP_TO`). */
  total: z.number().int(),
  /**
   * True: more than `total` match (the count stopped at `SEARCH_EXACT_COUNT_UP_TO`: say "1,000+"),
   * and the facets' counts are those of the first `total` matches, a sample.
   */
  totalIsLowerBound: z.boolean(),
  facets: z.object({
    brands: z.array(counted),
    categories: z.array(counted),
    /** How many items the query gives with `inStock=true` added. */
    inStock: z.number().int(),
    /** The prices of the items the query gives without its own price bounds; null when none. */
    price: z.object({ min: z.number(), max: z.number() }).nullable(),
    /**
     * With a leaf category chosen: its specifications, each counted under every filter but its own.
     * A number's range (`min`..`max`, in `unit`), or a text's most common `values`.
     */
    attributes: z.array(
      z.object({
        name: z.string(),
        unit: z.string().nullable(),
        min: z.number().nullable(),
        max: z.number().nullable(),
        values: z.array(z.object({ value: z.string(), count: z.number().int() })),
      }),
    ),
  }),
  /** A corrected query, when the words found nothing and similar words did. */
  didYouMean: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const productAttribute = z.object({
  name: z.string(),
  value: z.string(),
  num: z.number().nullable(),
  unit: z.string().nullable(),
});

export const crossReference = z.object({
  number: z.string(),
  kind: z.enum(['oem', 'superseded', 'competitor']),
});

export const catalogProduct = searchItem.extend({
  mpn: z.string().nullable(),
  description: z.string(),
  createdAt: z.string(),
  attributes: z.array(productAttribute),
  crossReferences: z.array(crossReference),
  /** The category and its parents, the top one first: the page's breadcrumbs. */
  categoryPath: z.array(named),
  /** Tier prices: from `minQuantity` on, the unit price is `price` (dollars), lowest first. */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  /** Issue 33: one piece's shipping weight (grams) and packed size (mm); 0: not given. */
  weightGrams: z.number().int(),
  lengthMm: z.number().int(),
  widthMm: z.number().int(),
  heightMm: z.number().int(),
  /**
   * Issue 36: the SKUs of the products this one replaces, directly or down a chain (C of
   * A → B → C lists B and A), nearest first.
   */
  supersedes: z.array(z.string()).default([]),
  /** The SKU of the product that directly replaces this one (what an admin sets), or null. */
  replacedBySku: z.string().nullable().default(null),
  /**
   * Issue 36: the pieces in each warehouse holding some, by public name; they add up to
   * `availableQuantity` (both as old as the answer: at most 0.5 s, as the stock always was).
   */
  stock: z.array(z.object({ warehouse: z.string(), quantity: z.number().int() })),
  /**
   * Issue 36: whether the product takes backorders, its lead time (days), and the open pieces of
   * its purchase orders (not yet promised to an order), earliest first.
   */
  backorder: productBackorder.default({ allowed: false, leadTimeDays: null, incoming: [] }),
  /**
   * Issue 37: the core deposit per piece (dollars; 0: none), charged as its own line and refunded
   * when the old unit comes back within `coreReturnDays` of shipment.
   */
  coreDeposit: z.number().default(0),
  coreReturnDays: z.number().int().default(90),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

export const productSlugParams = z.object({ slug: z.string().min(1).max(200) });

export const brandList = z.array(counted);
export type BrandCount = z.infer<typeof counted>;

export interface CategoryNode {
  slug: string;
  name: string;
  /** Live products in this category and below it. */
  count: number;
  children: CategoryNode[];
}
/** Recursive, so the API document names it (`CategoryNode`) to refer to it from inside itself. */
export const categoryNode: z.ZodType<CategoryNode> = z
  .lazy(() =>
    z.object({
      slug: z.string(),
      name: z.string(),
      count: z.number().int(),
      children: z.array(categoryNode),
    }),
  )
  .meta({ id: 'CategoryNode' });
export const categoryTree = z.array(categoryNode);
