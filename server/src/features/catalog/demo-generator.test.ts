import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProducts } from './demo-catalog.ts';
import { DEMO_CATALOG_SIZE, generateDemoCatalog } from './demo-generator.ts';

const web = join(import.meta.dirname, '..', '..', '..', '..', 'web', 'public');

describe('the demo catalog (issue 16)', () => {
  const catalog = generateDemoCatalog();

  it('is the same on every call: a seeded generator, no clock and no Math.random', () => {
    expect(generateDemoCatalog()).toEqual(catalog);
  });

  it('has 10,000 products, unique SKUs and slugs, the featured six newest', () => {
    expect(catalog.products).toHaveLength(DEMO_CATALOG_SIZE);
    expect(new Set(catalog.products.map((p) => p.sku)).size).toBe(DEMO_CATALOG_SIZE);
    expect(new Set(catalog.products.map((p) => p.slug)).size).toBe(DEMO_CATALOG_SIZE);
    expect(catalog.products.slice(-6).map((p) => p.name)).toEqual(
      demoProducts.slice(0, 6).map((p) => p.name),
    );
  });

  it('has at least 42 categories in 2 and 3 levels, and about 250 brands', () => {
    expect(catalog.categories.length).toBeGreaterThanOrEqual(42);
    expect(new Set(catalog.categories.map((c) => c.depth))).toEqual(new Set([1, 2, 3]));
    expect(new Set(catalog.categories.map((c) => c.slug)).size).toBe(catalog.categories.length);
    expect(catalog.brands).toHaveLength(250);
    expect(new Set(catalog.brands.map((b) => b.slug)).size).toBe(250);
    const used = new Set(catalog.products.map((p) => p.brandSlug));
    expect(used.size).toBe(250);
  });

  it('gives parts numbers in real shapes, fitting specifications and cross-references', () => {
    const skus = new Set(catalog.products.map((p) => p.sku));
    for (const sku of ['BRG-6204-2RS', 'BRG-6204ZZ', 'HXB-M8X25-8.8-ZN'])
      expect(skus).toContain(sku);
    const bearing = catalog.products.find((p) => p.sku === 'BRG-6204ZZ');
    expect(bearing?.attributes).toEqual(
      expect.arrayContaining([
        { name: 'bore', value: '20', num: 20, unit: 'mm' },
        { name: 'outer_diameter', value: '47', num: 47, unit: 'mm' },
        { name: 'width', value: '14', num: 14, unit: 'mm' },
        { name: 'seal', value: 'metal shields', num: null, unit: null },
      ]),
    );
    const withReferences = catalog.products.filter((p) => p.crossReferences.length > 0);
    expect(withReferences.length).toBe(DEMO_CATALOG_SIZE);
    const kinds = new Set(catalog.products.flatMap((p) => p.crossReferences.map((r) => r.kind)));
    expect(kinds).toEqual(new Set(['oem', 'superseded', 'competitor']));
  });

  it('sells generated parts from 1 to 100 pieces, some out of stock, each with its category picture', () => {
    const generated = catalog.products.slice(0, DEMO_CATALOG_SIZE - demoProducts.length);
    for (const product of generated) {
      expect(product.minimumOrderQuantity).toBeGreaterThanOrEqual(1);
      expect(product.minimumOrderQuantity).toBeLessThanOrEqual(100);
      expect(existsSync(join(web, product.img)), product.img).toBe(true);
    }
    const outOfStock = generated.filter((p) => p.availableQuantity === 0).length;
    expect(outOfStock).toBeGreaterThan(100);
    expect(outOfStock).toBeLessThan(1000);
  });

  it("sells the spec's products and the other hand-written ones as a maintenance buyer orders them, each with specifications and cross-references", () => {
    const hand = catalog.products.slice(DEMO_CATALOG_SIZE - demoProducts.length);
    expect(hand.map((p) => p.name).sort()).toEqual(demoProducts.map((p) => p.name).sort());
    for (const product of hand) {
      expect(product.minimumOrderQuantity, product.name).toBeGreaterThanOrEqual(1);
      expect(product.minimumOrderQuantity, product.name).toBeLessThanOrEqual(10);
      expect(product.availableQuantity, product.name).toBeGreaterThanOrEqual(100);
      expect(product.availableQuantity, product.name).toBeLessThan(1000);
      expect(product.availableQuantity, product.name).toBeGreaterThan(
        product.minimumOrderQuantity * 20,
      );
      // From $3 for a bearing to a few hundred dollars for a windscreen: no $1,000 piston.
      expect(product.priceCents, product.name).toBeGreaterThanOrEqual(300);
      expect(product.priceCents, product.name).toBeLessThanOrEqual(30_000);
      expect(product.attributes.length, product.name).toBeGreaterThanOrEqual(3);
      expect(product.crossReferences.length, product.name).toBeGreaterThanOrEqual(1);
      expect(product.mpn, product.name).not.toBe('');
    }
    const oilFilter = hand.find((p) => p.slug === 'oil-filter');
    expect(oilFilter).toMatchObject({ minimumOrderQuantity: 10, sku: 'OFL-OC20-M20' });
    expect(oilFilter?.attributes).toContainEqual({
      name: 'thread',
      value: 'M20x1.5',
      num: null,
      unit: null,
    });
  });
});
