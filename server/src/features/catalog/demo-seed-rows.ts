import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ProductSpecs, reviews } from '../../db/schema.ts';
import { demoReviews } from './demo-catalog.ts';
import type { DemoCatalog, DemoCategory } from './demo-generator.ts';

/** A transaction's handle: the rows of a step are written inside one, with its progress. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rows as one JSON parameter: a few statements for many rows, on either database. */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/** UNSPSC commodity classes of a few demo categories (parts below them inherit the code). */
const DEMO_UNSPSC = [
  { slug: 'bearings', code: '31171500' },
  { slug: 'bolts-and-screws', code: '31161600' },
  { slug: 'nuts-and-washers', code: '31161700' },
  { slug: 'filters', code: '40161500' },
  { slug: 'brakes', code: '25171700' },
  { slug: 'hand-tools', code: '27111700' },
  { slug: 'power-tools', code: '27112700' },
];

/** Each category's name with its parents' names: the words a product's category adds. */
function categoryNames(categories: DemoCategory[]): Map<string, string> {
  const bySlug = new Map(categories.map((category) => [category.slug, category]));
  const names = new Map<string, string>();
  for (const category of categories) {
    const path: string[] = [];
    for (let at: DemoCategory | undefined = category; at; at = bySlug.get(at.parentSlug ?? ''))
      path.push(at.name);
    names.set(category.slug, path.join(' '));
  }
  return names;
}

/** The categories, the brands and the customer reviews: what the demo has besides its parts. */
export async function insertDemoTaxonomy(tx: Transaction, catalog: DemoCatalog) {
  for (const depth of [1, 2, 3]) {
    const level = catalog.categories.filter((category) => category.depth === depth);
    await tx.execute(sql`
      insert into categories (name, slug, parent_id, depth)
      select x.name, x.slug, parent.id, x.depth
      from json_to_recordset(${json(level)}) as x(name text, slug text, "parentSlug" text, depth int)
      left join categories parent on parent.slug = x."parentSlug"
      on conflict (slug) do nothing`);
  }
  // Issue 34: the UNSPSC codes PunchOut lines carry, as migration 0023 gave existing demo shops.
  await tx.execute(sql`
    update categories set unspsc = x.code
    from json_to_recordset(${json(DEMO_UNSPSC)}) as x(slug text, code text)
    where categories.slug = x.slug and categories.unspsc is null`);
  await tx.execute(sql`
    insert into brands (name, slug)
    select x.name, x.slug from json_to_recordset(${json(catalog.brands)}) as x(name text, slug text)
    on conflict (slug) do nothing`);
  const start = Date.now() - demoReviews.length * 1000;
  await tx.insert(reviews).values(
    demoReviews.map((review, index) => ({
      ...review,
      createdAt: new Date(start + index * 1000),
    })),
  );
}

/**
 * The products `catalog.products[from, to)` with their specifications, cross-references, volume
 * prices and packs. Each is `base` minus its age in seconds (the last product is the newest), the
 * same whichever step or start writes it, so "newest first" shows the hand-written six.
 */
export async function insertDemoProducts(
  tx: Transaction,
  catalog: DemoCatalog,
  range: { from: number; to: number; total: number; base: string },
) {
  const { total } = range;
  const brandNames = new Map(catalog.brands.map((brand) => [brand.slug, brand.name]));
  const categoryPaths = categoryNames(catalog.categories);
  const products = catalog.products.slice(range.from, range.to);
  // The words are passed in (pp_product_words, as the trigger would make them): one pass.
  const rows = products.map(({ attributes, crossReferences: _c, ...product }, index) => ({
    ...product,
    age: total - (range.from + index),
    brand: brandNames.get(product.brandSlug),
    category: categoryPaths.get(product.categorySlug),
    specs: attributes.map((a) => (a.unit ? `${a.value} ${a.unit}` : a.value)).join(' '),
    // `products.specs` with the row (migration 0049's trigger then finds them written).
    specValues: specsOf(attributes),
  }));
  // Issue 18: some parts sold by tens come in packs of ten, so a newcomer sees packs at work.
  // Issue 33: a shipping weight and a packed size for every part, so freight bands have something
  // to weigh. Dearer parts are heavier (price^0.8: a 10-cent washer ~6 g, a $12 bearing ~300 g, a
  // $500 pump ~6 kg), spread by ±30% per part; the box is sized for ~2 g/cm³ packed. Written with
  // the row: updating every part afterwards wrote each row and its search indexes twice (4.2 s of
  // a 10.5 s seed on PGlite).
  await tx.execute(sql`
    insert into products (name, img, description, minimum_order_quantity, available_quantity,
      price_cents, sku, slug, mpn, brand_id, category_id, created_at, search_vector, pack_size,
      weight_grams, length_mm, width_mm, height_mm, specs)
    select x.name, x.img, x.description, x."minimumOrderQuantity", x."availableQuantity",
      x."priceCents", x.sku, x.slug, x.mpn, b.id, c.id,
      ${range.base}::timestamptz - x.age * interval '1 second',
      pp_product_words(x.name, x.sku || ' ' || x.mpn, x.brand, x.category, x.specs, x.description),
      case when x."minimumOrderQuantity" % 10 = 0 and abs(hashtext(x.sku)) % 5 = 1 then 10 else 1 end,
      w.grams, greatest(10, round(14 * cbrt(w.grams / 2.0)))::int,
      greatest(10, round(10 * cbrt(w.grams / 2.0)))::int,
      greatest(5, round(7 * cbrt(w.grams / 2.0)))::int, x."specValues"
    from json_to_recordset(${json(rows)}) as x(name text, img text, description text,
      "minimumOrderQuantity" int, "availableQuantity" int, "priceCents" int, sku text, slug text,
      mpn text, "brandSlug" text, "categorySlug" text, age int, brand text, category text, specs text,
      "specValues" jsonb)
    join brands b on b.slug = x."brandSlug"
    join categories c on c.slug = x."categorySlug"
    cross join lateral (select greatest(2, round(power(x."priceCents", 0.8)
      * (0.7 + (abs(hashtext(x.sku)) % 61) / 100.0)))::int as grams) w`);
  const attributes = products.flatMap((product) =>
    product.attributes.map((attribute) => ({ sku: product.sku, ...attribute })),
  );
  await tx.execute(sql`
    insert into product_attributes (product_id, name, value, num, unit)
    select p.id, x.name, x.value, x.num, x.unit
    from json_to_recordset(${json(attributes)}) as x(sku text, name text, value text, num float8, unit text)
    join products p on p.sku = x.sku`);
  const references = products.flatMap((product) =>
    product.crossReferences.map((reference) => ({ sku: product.sku, ...reference })),
  );
  await tx.execute(sql`
    insert into cross_references (product_id, number, kind)
    select p.id, x.number, x.kind
    from json_to_recordset(${json(references)}) as x(sku text, number text, kind text)
    join products p on p.sku = x.sku`);

  // Issue 18: a third of the parts sell cheaper by volume (5, 10 and 25 times their minimum). From
  // 20 cents up, 5% is at least a cent: each tier is cheaper than the one before, as an edit must
  // keep it.
  const skus = json(products.map((product) => product.sku));
  await tx.execute(sql`
    insert into price_breaks (product_id, min_quantity, price_cents)
    select p.id, p.minimum_order_quantity * t.times, greatest(1, round(p.price_cents * t.share))::int
    from products p, (values (5, 0.95), (10, 0.9), (25, 0.85)) as t(times, share)
    where p.sku in (select json_array_elements_text(${skus}))
      and abs(hashtext(p.sku)) % 3 = 0 and p.minimum_order_quantity * 25 <= 1000000
      and p.price_cents >= 20`);
}

/**
 * `products.specs` of a product's specifications, as migration 0049's `pp_refresh_specs` makes
 * them: a number's value as a JSON number.
 */
export function specsOf(
  attributes: { name: string; value: string; num?: number | null; unit?: string | null }[],
): ProductSpecs {
  return Object.fromEntries(
    attributes.map((a) => [a.name, [typeof a.num === 'number' ? a.num : a.value, a.unit ?? null]]),
  );
}
