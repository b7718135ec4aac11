// The catalog benchmark's data (`npm run bench -- catalog`), run as a child process so that the
// generator's memory (~2 GB at 10^6 products) is gone before anything is measured:
//   node bench/lib/catalog-seed.mjs '<json>'   json: { kind: 'postgres'|'pglite', url | dataDir,
//                                                      products, load: boolean, samples?: file }
// The server has already migrated the database (first start). With `load`, fills it with the demo
// generator's catalog (server/src/features/catalog/demo-generator.ts, the same taxonomy, brands
// and part-number shapes as the shop's 10,000) at `products` size; with `samples`, writes the
// values the load shapes ask for (part numbers, words, categories, brands, ranges, slugs) there.
//
// Bulk load: triggers off (session_replication_role = replica: no foreign-key checks, no change
// notifications, no per-row search_vector trigger), the search words computed in the INSERT by
// pp_product_words (as demo-seed.ts does), the tables' secondary indexes dropped and built again
// after the rows are in (one sorted build instead of a million GIN insertions), then VACUUM ANALYZE.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { catalogSamples as samples } from './catalog-samples.mjs';

const options = JSON.parse(process.argv[2]);
const started = Date.now();
const note = (line) =>
  process.stderr.write(`[catalog-seed ${Math.round((Date.now() - started) / 1000)}s] ${line}\n`);

const catalogDir = '../../server/src/features/catalog';

/**
 * A UUID version 7 for the moment `ms`, as the shop gives a product (decision 045's
 * `pp_uuid_v7()`): the time first, so that products made together lie together in its index.
 */
function uuidV7(ms) {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `query(sql, params)` on the database: answers rows. */
async function open() {
  if (options.kind === 'postgres') {
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    return {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteOptions } = await tsImport(
    '../../server/src/db/pglite-settings.ts',
    import.meta.url,
  );
  const db = await PGlite.create(join(options.dataDir, 'pglite'), pgliteOptions);
  return {
    query: async (sql, params) => (await db.query(sql, params)).rows,
    close: () => db.close(),
  };
}

const SLICE = 5000;
const json = (rows) => JSON.stringify(rows);

async function load(query) {
  const [{ n }] = await query('select count(*)::int as n from products');
  if (n > 0) throw new Error(`the database already holds ${n} products: give a fresh one`);
  const { generateDemoCatalog } = await tsImport(
    `${catalogDir}/demo-generator.ts`,
    import.meta.url,
  );
  const catalog = generateDemoCatalog(options.products);
  note(`generated ${catalog.products.length} products`);

  await query('set session_replication_role = replica');
  if (options.kind === 'postgres') await query('set synchronous_commit = off');
  // Secondary indexes (not those behind a constraint: primary keys, unique slugs of brands and
  // categories) of the three big tables: dropped now, made again from the same definitions.
  const indexes = await query(`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relnamespace = 'public'::regnamespace
      and t.relname in ('products', 'product_attributes', 'cross_references')
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`);
  for (const { name } of indexes) await query(`drop index ${name}`);

  for (const depth of [1, 2, 3]) {
    const level = catalog.categories.filter((category) => category.depth === depth);
    await query(
      `insert into categories (name, slug, parent_id, depth)
       select x.name, x.slug, parent.id, x.depth
       from json_to_recordset($1::json) as x(name text, slug text, "parentSlug" text, depth int)
       left join categories parent on parent.slug = x."parentSlug"`,
      [json(level)],
    );
  }
  await query(
    `insert into brands (name, slug)
     select x.name, x.slug from json_to_recordset($1::json) as x(name text, slug text)`,
    [json(catalog.brands)],
  );
  // Each category's name with its parents' (the words a product's category adds, as the trigger).
  const bySlug = new Map(catalog.categories.map((c) => [c.slug, c]));
  const categoryWords = (slug) => {
    const names = [];
    for (let at = bySlug.get(slug); at; at = bySlug.get(at.parentSlug ?? '')) names.push(at.name);
    return names.join(' ');
  };
  const brandNames = new Map(catalog.brands.map((b) => [b.slug, b.name]));

  const total = catalog.products.length;
  const { specsOf } = await tsImport(`${catalogDir}/demo-seed-rows.ts`, import.meta.url);
  const now = Date.now();
  for (let from = 0; from < total; from += SLICE) {
    const slice = catalog.products.slice(from, from + SLICE).map((product, i) => {
      // Made `age` seconds ago, as its `created_at` says.
      product.id = uuidV7(now - (total - (from + i)) * 1000);
      return {
        id: product.id,
        name: product.name,
        img: product.img,
        description: product.description,
        moq: product.minimumOrderQuantity,
        stock: product.availableQuantity,
        price: product.priceCents,
        sku: product.sku,
        slug: product.slug,
        mpn: product.mpn,
        brand: product.brandSlug,
        category: product.categorySlug,
        // Oldest first, a second apart, as the demo seed: "newest first" is a real order.
        age: total - (from + i),
        brandName: brandNames.get(product.brandSlug),
        categoryName: categoryWords(product.categorySlug),
        specs: product.attributes.map((a) => (a.unit ? `${a.value} ${a.unit}` : a.value)).join(' '),
        specValues: specsOf(product.attributes),
      };
    });
    await query(
      `insert into products (id, name, img, description, minimum_order_quantity, available_quantity,
         price_cents, sku, slug, mpn, brand_id, category_id, created_at, search_vector, specs)
       select x.id, x.name, x.img, x.description, x.moq, x.stock, x.price, x.sku, x.slug, x.mpn,
         b.id, c.id, now() - x.age * interval '1 second',
         pp_product_words(x.name, x.sku || ' ' || x.mpn, x."brandName", x."categoryName", x.specs, x.description),
         x."specValues"
       from json_to_recordset($1::json) as x(id uuid, name text, img text, description text, moq int,
         stock int, price int, sku text, slug text, mpn text, brand text, category text, age int,
         "brandName" text, "categoryName" text, specs text, "specValues" jsonb)
       join brands b on b.slug = x.brand
       join categories c on c.slug = x.category`,
      [json(slice)],
    );
    if ((from / SLICE) % 40 === 0) note(`products ${from + slice.length} / ${total}`);
  }
  note('products in');
  for (let from = 0; from < total; from += SLICE) {
    const products = catalog.products.slice(from, from + SLICE);
    await query(
      `insert into product_attributes (product_id, name, value, num, unit)
       select x.p, x.name, x.value, x.num, x.unit
       from json_to_recordset($1::json) as x(p uuid, name text, value text, num float8, unit text)`,
      [json(products.flatMap((p) => p.attributes.map((a) => ({ p: p.id, ...a }))))],
    );
    await query(
      `insert into cross_references (product_id, number, kind)
       select x.p, x.number, x.kind
       from json_to_recordset($1::json) as x(p uuid, number text, kind text)`,
      [json(products.flatMap((p) => p.crossReferences.map((r) => ({ p: p.id, ...r }))))],
    );
  }
  note('attributes and cross-references in');
  // The triggers that were off add the names' words for "did you mean" (migration 0008).
  await query(
    `insert into search_words (word)
     select distinct w from products p, regexp_split_to_table(lower(p.name), '[^a-z]+') w
     where length(w) between 3 and 30 on conflict do nothing`,
  );
  await query('set session_replication_role = origin');
  await query(`set maintenance_work_mem = '${options.kind === 'postgres' ? '1GB' : '128MB'}'`);
  for (const { name, def } of indexes) {
    const at = Date.now();
    await query(def);
    note(`index ${name}: ${Math.round((Date.now() - at) / 1000)} s`);
  }
  await query('vacuum analyze');
  if (options.kind === 'postgres') await query('checkpoint');
  note('indexes built, vacuumed and analyzed');
}

const db = await open();
try {
  if (options.load) await load(db.query);
  // The fitment bench wants the products only: its samples are its own.
  if (options.samples) {
    const found = await samples(db.query);
    writeFileSync(options.samples, JSON.stringify(found, null, 2));
    note(
      `samples: ${found.skus.length} part numbers, ${found.prefixes.length} prefixes, ${found.oneWord.length} words, ${found.threeWords.length} three-word queries, ${found.typos.length} typos, ${found.facets.length} facet sets, ${found.browse.length} categories to page, ${found.coldSlugs.length} slugs for cold pages`,
    );
  }
} finally {
  await db.close();
}
