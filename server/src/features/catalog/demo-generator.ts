import { type DemoProduct, demoProducts } from './demo-catalog.ts';
import {
  between,
  type Category,
  isLeaf,
  type LeafCategory,
  pick,
  type Rng,
  taxonomy,
} from './demo-taxonomy.ts';

/** The demo catalog's size (issue 16): the hand-written products and generated ones. */
export const DEMO_CATALOG_SIZE = 10_000;
export const DEMO_BRAND_COUNT = 250;

/** mulberry32: a small seeded generator, so that every start makes the same catalog. */
export function seededRandom(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoCategory {
  slug: string;
  name: string;
  parentSlug: string | null;
  depth: number;
}

export interface DemoBrand {
  slug: string;
  name: string;
}

export interface DemoCrossReference {
  number: string;
  kind: 'oem' | 'superseded' | 'competitor';
}

export interface GeneratedProduct extends Omit<DemoProduct, 'category'> {
  brandSlug: string;
  categorySlug: string;
  crossReferences: DemoCrossReference[];
}

export interface DemoCatalog {
  categories: DemoCategory[];
  brands: DemoBrand[];
  /** Oldest first: the hand-written six come last, so that "newest first" features them. */
  products: GeneratedProduct[];
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// Invented names: two syllables and a trade word. None is a real manufacturer's mark.
const heads = [
  'Ar',
  'Bel',
  'Cor',
  'Dra',
  'El',
  'Fen',
  'Gal',
  'Hal',
  'Ir',
  'Jor',
  'Kel',
  'Lum',
  'Mar',
  'Nor',
  'Or',
  'Pra',
  'Quin',
  'Ros',
  'Sar',
  'Tor',
  'Ul',
  'Val',
  'Wen',
  'Xan',
  'Yor',
  'Zel',
];
const tails = ['dex', 'vik', 'tron', 'mara', 'lith', 'nor', 'quar', 'ven', 'rik', 'sel'];
const trades = [
  'Industrial',
  'Motion',
  'Fluidtech',
  'Werkzeug',
  'Components',
  'Drive',
  'Precision',
  'Parts',
  'Engineering',
  'Supply',
];

function makeBrands(r: Rng): DemoBrand[] {
  const roots = heads.flatMap((head) => tails.map((tail) => `${head}${tail}`));
  for (let i = roots.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [roots[i], roots[j]] = [roots[j] as string, roots[i] as string];
  }
  return roots.slice(0, DEMO_BRAND_COUNT).map((root, index) => {
    const name = `${root} ${trades[index % trades.length]}`;
    return { slug: slugify(name), name };
  });
}

function flatten(
  nodes: (Category | LeafCategory)[],
  parent: DemoCategory | null,
  top: string | null,
  into: { categories: DemoCategory[]; leaves: { leaf: LeafCategory; top: string }[] },
) {
  for (const node of nodes) {
    const category: DemoCategory = {
      slug: node.slug,
      name: node.name,
      parentSlug: parent?.slug ?? null,
      depth: (parent?.depth ?? 0) + 1,
    };
    into.categories.push(category);
    if (isLeaf(node)) into.leaves.push({ leaf: node, top: top ?? node.slug });
    else flatten(node.children, category, top ?? node.slug, into);
  }
}

/** Shapes that other catalogs give the same number: `6204-2RS` → `6204 2RS`, `62042RS`. */
function variants(r: Rng, model: string, brandCode: string): DemoCrossReference[] {
  const compact = model.replace(/[^A-Z0-9.]/gi, '');
  const refs: DemoCrossReference[] = [{ number: `${brandCode}-${compact}`, kind: 'competitor' }];
  if (r() < 0.6)
    refs.push({
      number: `${between(r, 10, 99)}${between(r, 100, 999)}-${compact.slice(0, 4).toUpperCase()}${between(r, 1, 9)}`,
      kind: 'oem',
    });
  if (r() < 0.3) refs.push({ number: `${compact}-OLD${between(r, 1, 9)}`, kind: 'superseded' });
  return refs;
}

const brandCode = (brand: DemoBrand) =>
  brand.name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();

/**
 * The demo catalog: the taxonomy, 250 brands (each making parts of two or three top-level
 * categories), the hand-written products in their places, and generated parts up to
 * DEMO_CATALOG_SIZE. The same on every call: a seeded generator, no clock.
 */
export function generateDemoCatalog(size = DEMO_CATALOG_SIZE): DemoCatalog {
  const r = seededRandom(16);
  const flat = {
    categories: [] as DemoCategory[],
    leaves: [] as { leaf: LeafCategory; top: string }[],
  };
  flatten(taxonomy, null, null, flat);
  const brands = makeBrands(r);
  const tops = taxonomy.map((category) => category.slug);
  const brandsOf = new Map<string, DemoBrand[]>(tops.map((top) => [top, []]));
  brands.forEach((brand, index) => {
    const mine = new Set([tops[index % tops.length], tops[(index * 7 + 3) % tops.length]]);
    if (index % 3 === 0) mine.add(tops[(index * 5 + 1) % tops.length]);
    for (const top of mine) brandsOf.get(top as string)?.push(brand);
  });
  const leafBySlug = new Map(flat.leaves.map((entry) => [entry.leaf.slug, entry]));

  const usedSkus = new Set<string>();
  const usedSlugs = new Set<string>();
  const unique = (used: Set<string>, wanted: string, suffix: (n: number) => string) => {
    let value = wanted;
    for (let n = 2; used.has(value); n++) value = `${wanted}${suffix(n)}`;
    used.add(value);
    return value;
  };

  const hand: GeneratedProduct[] = demoProducts.map(({ category, ...product }, index) => {
    const entry = leafBySlug.get(category);
    if (!entry) throw new Error(`unknown category ${category}`);
    const brand = (brandsOf.get(entry.top) as DemoBrand[])[index % 5] as DemoBrand;
    usedSlugs.add(product.slug);
    usedSkus.add(product.sku);
    return {
      ...product,
      brandSlug: brand.slug,
      categorySlug: category,
      crossReferences: variants(r, product.mpn, brandCode(brand)),
    };
  });

  const generated: GeneratedProduct[] = [];
  for (let i = 0; generated.length < size - hand.length; i++) {
    const { leaf, top } = flat.leaves[i % flat.leaves.length] as {
      leaf: LeafCategory;
      top: string;
    };
    const part = leaf.make(r);
    const brand = pick(r, brandsOf.get(top) as DemoBrand[]);
    const code = brandCode(brand);
    const sku = unique(usedSkus, `${leaf.code}-${part.model}`, (n) =>
      n === 2 ? `-${code}` : `-${code}${n}`,
    );
    const name = `${brand.name.split(' ')[0]} ${part.title}`;
    const pack = pick(r, leaf.packs);
    const minimumOrderQuantity = Math.min(100, pack * (r() < 0.7 ? 1 : 2));
    const outOfStock = r() < 0.06;
    const priceCents = between(r, leaf.price[0], leaf.price[1]);
    const attributes = [
      ...part.attributes,
      { name: 'pack_size', value: String(pack), num: pack, unit: 'pcs' },
    ];
    const specs = part.attributes
      .map((a) => `${a.name.replaceAll('_', ' ')} ${a.value}${a.unit ? ` ${a.unit}` : ''}`)
      .join(', ');
    generated.push({
      slug: unique(usedSlugs, slugify(`${name}-${sku}`), (n) => `-${n}`),
      name,
      img: `/images/categories/${top}.svg`,
      description: `${brand.name} ${leaf.name.toLowerCase()} part ${part.model}: ${specs}. ${leaf.blurb} Sold in packs of ${pack}.`,
      minimumOrderQuantity,
      availableQuantity: outOfStock ? 0 : minimumOrderQuantity * between(r, 5, 400),
      priceCents,
      sku,
      mpn: `${code}${part.model.replace(/-/g, r() < 0.5 ? '' : ' ')}`,
      brandSlug: brand.slug,
      categorySlug: leaf.slug,
      attributes,
      crossReferences: variants(r, part.model, brandCode(pick(r, brands))),
    });
  }
  return {
    categories: flat.categories,
    brands,
    products: [...generated, ...hand.slice(6), ...hand.slice(0, 6)],
  };
}
