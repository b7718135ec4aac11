import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appState, reviews } from '../../db/schema.ts';
import { demoReviews } from './demo-catalog.ts';
import { type DemoCategory, generateDemoCatalog } from './demo-generator.ts';

const SEEDED_KEY = 'demo_catalog_seeded';

/** Rows as one JSON parameter: a few statements for the whole catalog, on either database. */
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/**
 * Rows in slices of this many per statement: the whole catalog as one JSON value lifted the
 * embedded database's memory (which never shrinks) past the first start's bound (decision 009).
 */
const ROWS_PER_STATEMENT = 2500;

async function inSlices<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    await insert(rows.slice(from, from + ROWS_PER_STATEMENT));
  }
}

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

/**
 * Seeds the demo catalog once per database: its categories, brands and 10,000 products with their
 * specifications and cross-references, in a handful of statements. The marker row and the catalog
 * go in one transaction, so a crash or a second process never leaves a half or double catalog,
 * and a catalog the admin emptied on purpose is not refilled at the next start.
 */
export async function seedDemoCatalog(db: Database): Promise<{ seeded: boolean }> {
  const result = await db.transaction(async (tx) => {
    const marked = await tx
      .insert(appState)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appState.key });
    if (marked.length === 0) return { seeded: false };
    const [{ count } = { count: 0 }] = (
      await tx.execute<{ count: number }>(sql`select count(*)::int as count from products`)
    ).rows;
    if (Number(count) > 0) return { seeded: false };

    const catalog = generateDemoCatalog();
    for (const depth of [1, 2, 3]) {
      const level = catalog.categories.filter((category) => category.depth === depth);
      await tx.execute(sql`
        insert into categories (name, slug, parent_id, depth)
        select x.name, x.slug, parent.id, x.depth
        from json_to_recordset(${json(level)}) as x(name text, slug text, "parentSlug" text, depth int)
        left join categories parent on parent.slug = x."parentSlug"
        on conflict (slug) do nothing`);
    }
    await tx.execute(sql`
      insert into brands (name, slug)
      select x.name, x.slug from json_to_recordset(${json(catalog.brands)}) as x(name text, slug text)
      on conflict (slug) do nothing`);

    // Oldest first, a second apart: "newest first" shows the hand-written six as the featured ones.
    // The words are passed in (pp_product_words, as the trigger would make them): one pass.
    const total = catalog.products.length;
    const brandNames = new Map(catalog.brands.map((brand) => [brand.slug, brand.name]));
    const categoryPaths = categoryNames(catalog.categories);
    const rows = catalog.products.map(({ attributes, crossReferences: _c, ...product }, index) => ({
      ...product,
      age: total - index,
      brand: brandNames.get(product.brandSlug),
      category: categoryPaths.get(product.categorySlug),
      specs: attributes.map((a) => (a.unit ? `${a.value} ${a.unit}` : a.value)).join(' '),
    }));
    await inSlices(rows, (slice) =>
      tx.execute(sql`
      insert into products (name, img, description, minimum_order_quantity, available_quantity,
        price_cents, sku, slug, mpn, brand_id, category_id, created_at, search_vector)
      select x.name, x.img, x.description, x."minimumOrderQuantity", x."availableQuantity",
        x."priceCents", x.sku, x.slug, x.mpn, b.id, c.id, now() - x.age * interval '1 second',
        pp_product_words(x.name, x.sku || ' ' || x.mpn, x.brand, x.category, x.specs, x.description)
      from json_to_recordset(${json(slice)}) as x(name text, img text, description text,
        "minimumOrderQuantity" int, "availableQuantity" int, "priceCents" int, sku text, slug text,
        mpn text, "brandSlug" text, "categorySlug" text, age int, brand text, category text, specs text)
      join brands b on b.slug = x."brandSlug"
      join categories c on c.slug = x."categorySlug"`),
    );
    const attributes = catalog.products.flatMap((product) =>
      product.attributes.map((attribute) => ({ sku: product.sku, ...attribute })),
    );
    await inSlices(attributes, (slice) =>
      tx.execute(sql`
      insert into product_attributes (product_id, name, value, num, unit)
      select p.id, x.name, x.value, x.num, x.unit
      from json_to_recordset(${json(slice)}) as x(sku text, name text, value text, num float8, unit text)
      join products p on p.sku = x.sku`),
    );
    const references = catalog.products.flatMap((product) =>
      product.crossReferences.map((reference) => ({ sku: product.sku, ...reference })),
    );
    await inSlices(references, (slice) =>
      tx.execute(sql`
      insert into cross_references (product_id, number, kind)
      select p.id, x.number, x.kind
      from json_to_recordset(${json(slice)}) as x(sku text, number text, kind text)
      join products p on p.sku = x.sku`),
    );

    // Issue 18: a third of the parts sell cheaper by volume (5, 10 and 25 times their minimum), and
    // some parts sold by tens come in packs of ten, so a newcomer sees both at work. From 20 cents
    // up, 5% is at least a cent: each tier is cheaper than the one before, as an edit must keep it.
    await tx.execute(sql`
      insert into price_breaks (product_id, min_quantity, price_cents)
      select p.id, p.minimum_order_quantity * t.times, greatest(1, round(p.price_cents * t.share))::int
      from products p, (values (5, 0.95), (10, 0.9), (25, 0.85)) as t(times, share)
      where abs(hashtext(p.sku)) % 3 = 0 and p.minimum_order_quantity * 25 <= 1000000
        and p.price_cents >= 20`);
    await tx.execute(sql`
      update products set pack_size = 10
      where minimum_order_quantity % 10 = 0 and abs(hashtext(sku)) % 5 = 1`);

    const start = Date.now() - demoReviews.length * 1000;
    await tx.insert(reviews).values(
      demoReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(start + index * 1000),
      })),
    );
    return { seeded: true };
  });
  if (result.seeded) await analyzeCatalog(db);
  return result;
}

/**
 * Table statistics for the planner after a bulk write. PGlite runs no autovacuum: without them it
 * guesses 110 live products of 10,000 and joins a search's few matches against every product
 * (a part number took 140 ms of 10,000 products instead of under 1).
 */
export async function analyzeCatalog(db: Database) {
  await db.execute(
    sql`analyze products, product_attributes, cross_references, brands, categories, price_breaks`,
  );
}
