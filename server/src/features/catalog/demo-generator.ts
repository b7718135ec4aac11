import { type DemoProduct, demoProducts } from './demo-catalog.ts';
import {
  between,
  type Category,
  type DemoAttribute,
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

export interface GeneratedProduct extends Omit<DemoProduct, 'slug'> {
  slug: string;
  sku: string;
  mpn: string;
  brandSlug: string;
  categorySlug: string;
  attributes: DemoAttribute[];
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

/** Where the hand-written products sit, and their part numbers. */
const handWritten: Record<
  string,
  { category: string; sku: string; mpn: string; attributes?: DemoAttribute[] }
> = {
  piston: { category: 'pistons', sku: 'PST-82500-STD', mpn: '87-4410-STD' },
  'air-filter': { category: 'air-filters', sku: 'AFL-AP2418', mpn: 'AP 241/8' },
  'steering-wheel': { category: 'steering-parts', sku: 'STR-SW380-48', mpn: 'SW-380-48S' },
  windscreen: { category: 'windscreens', sku: 'WSC-LG5-ACU', mpn: 'LG5.0-ACU-GN' },
  'engine-fan': { category: 'cooling', sku: 'CLG-EF350-12V', mpn: 'EF350-7B-12' },
  'oil-filter': { category: 'oil-filters', sku: 'OFL-OC20-M20', mpn: 'OC 20/1' },
  'deep-groove-ball-bearing-6204': {
    category: 'ball-bearings',
    sku: 'BRG-6204-2RS',
    mpn: '6204-2RS',
    attributes: [
      { name: 'bore', value: '20', num: 20, unit: 'mm' },
      { name: 'outer_diameter', value: '47', num: 47, unit: 'mm' },
      { name: 'width', value: '14', num: 14, unit: 'mm' },
      { name: 'seal', value: 'rubber seals', num: null, unit: null },
    ],
  },
  'hydraulic-gear-pump': { category: 'hydraulic-pumps', sku: 'HYP-GP16-250', mpn: 'GP1-16-SAEA' },
  'brake-disc': { category: 'brake-discs', sku: 'BDS-300X28-V', mpn: 'BD300.28V' },
  'spark-plug-set': { category: 'spark-plugs', sku: 'SPK-IR14-SET4', mpn: 'IR14-4' },
  'timing-belt': { category: 'timing-belts', sku: 'TBT-HTD1200-8M', mpn: '1200-8M-30' },
  alternator: { category: 'alternators-and-starters', sku: 'ALT-AL120-12V', mpn: 'AL120R' },
  radiator: { category: 'cooling', sku: 'CLG-RD580-AL', mpn: 'RD-580-AL' },
  'hex-socket-wrench-set': { category: 'socket-sets', sku: 'SKT-SS40-12', mpn: 'SS40-1/2' },
  'angle-grinder': { category: 'angle-grinders', sku: 'AGR-AG125-1200', mpn: 'AG125-12' },
  'torque-wrench': { category: 'torque-wrenches', sku: 'TQW-TW210-12', mpn: 'TW210-1/2' },
  'pneumatic-impact-wrench': { category: 'impact-wrenches', sku: 'IWR-IW1000-12', mpn: 'IW-1000A' },
  'shock-absorber': { category: 'shock-absorbers', sku: 'SHK-SA22-TT', mpn: 'SA22-410' },
  'clutch-kit': { category: 'clutch-kits', sku: 'CLK-CK240-23', mpn: 'CK240.23' },
  'fuel-injector': { category: 'fuel-injectors', sku: 'INJ-FI310-EV6', mpn: 'FI310-EV6' },
};

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

  const hand: GeneratedProduct[] = demoProducts.map((product, index) => {
    const place = handWritten[product.slug];
    if (!place) throw new Error(`no place for the demo product ${product.slug}`);
    const entry = leafBySlug.get(place.category);
    if (!entry) throw new Error(`unknown category ${place.category}`);
    const brand = (brandsOf.get(entry.top) as DemoBrand[])[index % 5] as DemoBrand;
    usedSlugs.add(product.slug);
    usedSkus.add(place.sku);
    return {
      ...product,
      sku: place.sku,
      mpn: place.mpn,
      brandSlug: brand.slug,
      categorySlug: place.category,
      attributes: place.attributes ?? [],
      crossReferences: variants(r, place.mpn, brandCode(brand)),
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
