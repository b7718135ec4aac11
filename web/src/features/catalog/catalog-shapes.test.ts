import { cart } from '@proper-parts/domain/cart';
import {
  brandList,
  catalogProduct,
  categoryTree,
  searchResult,
} from '@proper-parts/domain/catalog-search';
import { productFitment } from '@proper-parts/domain/fitment';
import { describe, expect, it } from 'vitest';
import { corolla } from '../../../test/fitment-fixtures';
import { agreesWithZod } from '../../../test/shape-agreement';
import { cartShape } from '../cart/cart-shape';
import { productFitmentShape } from '../fitment/product-fitment-shape';
import {
  brandListShape,
  catalogProductShape,
  categoryTreeShape,
  searchResultShape,
} from './catalog-shapes';

const item = {
  _id: '0b6a5d3e-1111-4222-8333-944445555666',
  sku: 'BP-908',
  slug: 'nordex-brake-pad-set-bp-908',
  name: 'Brake pad set',
  brand: { slug: 'nordex', name: 'Nordex' },
  category: null,
  price: 24.5,
  img: '/images/products/brake-pads.svg',
  minimumOrderQuantity: 2,
  availableQuantity: 140,
  packSize: 1,
  salesUnit: 'each',
  maxOrderQuantity: null,
};

const result = {
  items: [item],
  nextCursor: null,
  total: 1,
  totalIsLowerBound: false,
  facets: {
    brands: [{ slug: 'nordex', name: 'Nordex', count: 1 }],
    categories: [{ slug: 'brake-pads', name: 'Brake pads', count: 1 }],
    inStock: 1,
    price: { min: 24.5, max: 24.5 },
    attributes: [
      { name: 'Width', unit: 'mm', min: 20, max: 148, values: [{ value: '20', count: 1 }] },
    ],
  },
  didYouMean: 'brake',
};

const product = {
  ...item,
  category: { slug: 'brake-pads', name: 'Brake pads' },
  mpn: null,
  description: 'Front axle.',
  createdAt: '2026-11-01T10:00:00.000Z',
  attributes: [{ name: 'Width', value: '20 mm', num: 20, unit: 'mm' }],
  crossReferences: [{ number: 'OEM-1', kind: 'oem' }],
  stock: [{ warehouse: 'Leeds', quantity: 3 }],
  categoryPath: [{ slug: 'brakes', name: 'Brakes' }],
  priceBreaks: [{ minQuantity: 10, price: 22 }],
  weightGrams: 240,
  lengthMm: 60,
  widthMm: 60,
  heightMm: 20,
};

const tree = [
  {
    slug: 'brakes',
    name: 'Brakes',
    count: 3,
    children: [{ slug: 'brake-pads', name: 'Brake pads', count: 3, children: [] }],
  },
];

const pricedCart = {
  lines: [
    {
      productId: item._id,
      sku: 'BP-908',
      name: 'Brake pad set',
      slug: item.slug,
      img: item.img,
      quantity: 4,
      unitPrice: 24.5,
      lineTotal: 98,
      minimumOrderQuantity: 2,
      availableQuantity: 140,
      packSize: 2,
      salesUnit: 'each',
      maxOrderQuantity: null,
      customerPartNumber: null,
      problem: 'Only 12 left',
    },
  ],
  total: 98,
};

const fitment = {
  hasFitment: true,
  check: {
    vehicle: corolla,
    fits: true,
    positions: [{ position: 'front', submodel: '', note: '' }],
  },
  applications: [
    {
      make: 'Toyota',
      model: 'Corolla',
      engine: '1.8L L4',
      engineCode: '2ZR-FE',
      yearFrom: 2014,
      yearTo: 2016,
      position: 'rear left',
      submodel: 'LE',
      note: 'With rear disc brakes',
    },
  ],
  nextCursor: 'abc',
};

describe('the public pages check their answers without zod, as the domain schemas would', () => {
  it('a search result: items, facets, cursor, correction', () => {
    expect(agreesWithZod(searchResultShape, searchResult, result)).toBeGreaterThan(300);
  });

  it('a product with its specifications, cross-references, breadcrumbs and price breaks', () => {
    agreesWithZod(catalogProductShape, catalogProduct, product);
  });

  it('the brands and the category tree, to any depth', () => {
    agreesWithZod(brandListShape, brandList, result.facets.brands);
    agreesWithZod(categoryTreeShape, categoryTree, tree);
  });

  it("the priced cart that 'Add to cart' answers", () => {
    agreesWithZod(cartShape, cart, pricedCart);
  });

  it("a product's fit check and the vehicles it fits", () => {
    agreesWithZod(productFitmentShape, productFitment, fitment);
    agreesWithZod(productFitmentShape, productFitment, { ...fitment, check: null });
  });
});
