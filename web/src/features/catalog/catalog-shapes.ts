import type {
  BrandCount,
  CatalogProduct,
  CategoryNode,
  PartRef,
  SearchItem,
  SearchResult,
} from '@proper-parts/domain/catalog-search';
import { SALES_UNITS } from '@proper-parts/domain/sales-units';
import {
  arrayOf,
  lazy,
  listOf,
  nullable,
  objectOf,
  oneOf,
  type Parser,
  type Shape,
  valuesOf,
  withDefault,
} from '../../lib/plain-shape';

const stringParser: Parser<string> = {
  safeParse: (value) =>
    typeof value === 'string' ? { success: true, data: value } : { success: false },
};

/** Issue 37: a number field an older answer may not have (withDefault fills it). */
const finiteNumber: Parser<number> = {
  safeParse: (value) =>
    typeof value === 'number' && Number.isFinite(value)
      ? { success: true, data: value }
      : { success: false },
};

/**
 * The catalog's answers (`/catalog/search`, `/catalog/products/{slug}`, brands, categories) as
 * the domain's zod schemas have them, checked without zod: these are the public pages', whose
 * JavaScript budget (issue 17) has no room for zod's 25 KB. `catalog-shapes.test.ts` holds them
 * to the zod schemas.
 */
const named = objectOf<{ slug: string; name: string }>({ slug: 'string', name: 'string' });
const countedShape: Shape<BrandCount> = { slug: 'string', name: 'string', count: 'integer' };

const searchItemShape: Shape<SearchItem> = {
  _id: 'string',
  sku: 'string',
  slug: 'string',
  name: 'string',
  brand: nullable(named),
  category: nullable(named),
  price: 'number',
  img: 'string',
  minimumOrderQuantity: 'integer',
  availableQuantity: 'integer',
  packSize: 'integer',
  salesUnit: oneOf(SALES_UNITS),
  maxOrderQuantity: 'integer or null',
  // Issue 36; `.default()` in the domain: an answer without it reads as none.
  supersededBy: withDefault(nullable(objectOf<PartRef>({ sku: 'string', slug: 'string' })), null),
};

type Facets = SearchResult['facets'];
type AttributeFacet = Facets['attributes'][number];

export const searchResultShape: Parser<SearchResult> = objectOf<SearchResult>({
  items: listOf(searchItemShape),
  nextCursor: 'string or null',
  total: 'integer',
  totalIsLowerBound: 'boolean',
  facets: objectOf<Facets>({
    brands: listOf(countedShape),
    categories: listOf(countedShape),
    inStock: 'integer',
    price: nullable(objectOf<{ min: number; max: number }>({ min: 'number', max: 'number' })),
    attributes: listOf<AttributeFacet>({
      name: 'string',
      unit: 'string or null',
      min: 'number or null',
      max: 'number or null',
      values: listOf<AttributeFacet['values'][number]>({ value: 'string', count: 'integer' }),
    }),
  }),
  didYouMean: 'string or null',
});

type Attribute = CatalogProduct['attributes'][number];
type CrossReference = CatalogProduct['crossReferences'][number];
type PriceBreak = CatalogProduct['priceBreaks'][number];

type StockLevel = CatalogProduct['stock'][number];

export const catalogProductShape: Parser<CatalogProduct> = objectOf<CatalogProduct>({
  ...searchItemShape,
  stock: listOf<StockLevel>({ warehouse: 'string', quantity: 'integer' }),
  // Issue 36; `.default()` in the domain: an answer without it reads as taking none.
  backorder: withDefault(
    objectOf<CatalogProduct['backorder']>({
      allowed: 'boolean',
      leadTimeDays: 'integer or null',
      incoming: listOf<CatalogProduct['backorder']['incoming'][number]>({
        quantity: 'integer',
        expectedOn: 'string',
      }),
    }),
    { allowed: false, leadTimeDays: null, incoming: [] },
  ),
  mpn: 'string or null',
  description: 'string',
  createdAt: 'string',
  attributes: listOf<Attribute>({
    name: 'string',
    value: 'string',
    num: 'number or null',
    unit: 'string or null',
  }),
  crossReferences: listOf<CrossReference>({
    number: 'string',
    kind: oneOf(['oem', 'superseded', 'competitor']),
  }),
  categoryPath: arrayOf(named),
  priceBreaks: listOf<PriceBreak>({ minQuantity: 'integer', price: 'number' }),
  weightGrams: 'integer',
  lengthMm: 'integer',
  widthMm: 'integer',
  heightMm: 'integer',
  supersedes: withDefault(valuesOf('string'), []),
  replacedBySku: withDefault(nullable(stringParser), null),
  coreDeposit: withDefault(finiteNumber, 0),
  coreReturnDays: withDefault(finiteNumber, 90),
});

export const brandListShape: Parser<BrandCount[]> = listOf(countedShape);

const categoryNodeShape: Parser<CategoryNode> = objectOf<CategoryNode>({
  slug: 'string',
  name: 'string',
  count: 'integer',
  children: lazy(() => arrayOf(categoryNodeShape)),
});
export const categoryTreeShape: Parser<CategoryNode[]> = arrayOf(categoryNodeShape);
