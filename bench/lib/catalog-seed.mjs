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
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const options = JSON.parse(process.argv[2]);
const started = Date.now();
const note = (line) =>
  process.stderr.write(`[catalog-seed ${Math.round((Date.now() - started) / 1000)}s] ${line}\n`);

const catalogDir = '../../server/src/features/catalog';

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
  for (let from = 0; from < total; from += SLICE) {
    const slice = catalog.products.slice(from, from + SLICE).map((product, i) => {
      product.id = randomUUID();
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
      };
    });
    await query(
      `insert into products (id, name, img, description, minimum_order_quantity, available_quantity,
         price_cents, sku, slug, mpn, brand_id, category_id, created_at, search_vector)
       select x.id, x.name, x.img, x.description, x.moq, x.stock, x.price, x.sku, x.slug, x.mpn,
         b.id, c.id, now() - x.age * interval '1 second',
         pp_product_words(x.name, x.sku || ' ' || x.mpn, x."brandName", x."categoryName", x.specs, x.description)
       from json_to_recordset($1::json) as x(id uuid, name text, img text, description text, moq int,
         stock int, price int, sku text, slug text, mpn text, brand text, category text, age int,
         "brandName" text, "categoryName" text, specs text)
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

/** The values each load shape varies over, read from the data. */
async function samples(query) {
  const [{ n }] = await query('select count(*)::int as n from products where deleted_at is null');
  // A spread of products: every k-th by sku, so the same on every run of one data set.
  const step = Math.max(1, Math.floor(n / 500));
  const picked = await query(
    `select sku, slug, name from (
       select sku, slug, name, row_number() over (order by sku) as i from products where deleted_at is null
     ) s where i % $1 = 0 limit 500`,
    [step],
  );
  const skus = picked.map((p) => p.sku);
  // The cold product page's slugs: up to 100,000 others (every k-th by sku, k/2 past the ones
  // above), so that each request of its run asks for a page not rendered since the server started.
  const coldStep = Math.max(1, Math.floor(n / 100_000));
  const hot = new Set(picked.map((p) => p.slug));
  const cold = (
    await query(
      `select slug from (
         select slug, row_number() over (order by sku) as i from products where deleted_at is null
       ) s where i % $1 = $2 limit 100000`,
      [coldStep, Math.floor(coldStep / 2)],
    )
  )
    .map((p) => p.slug)
    .filter((slug) => !hot.has(slug));
  // `BRG-62`: the shop's prefix and two characters of the model.
  const prefixes = [...new Set(skus.map((sku) => sku.slice(0, sku.indexOf('-') + 3)))].filter(
    (prefix) => prefix.length >= 5,
  );
  const stop = new Set(['and', 'with', 'for', 'the', 'parts']);
  const leaves = await query(
    `select c.slug, c.name from categories c
     where not exists (select 1 from categories k where k.parent_id = c.id) order by c.slug`,
  );
  const oneWord = [
    ...new Set(
      leaves.flatMap((leaf) =>
        leaf.name
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((word) => word.length >= 4 && !stop.has(word)),
      ),
    ),
  ];
  // A brand and what the part is ("Xantron Jaw Coupling"): the first three words of names.
  const threeWords = [
    ...new Set(
      picked
        .map((p) =>
          p.name
            .split(/\s+/)
            .filter((word) => /^[A-Za-z]+$/.test(word))
            .slice(0, 3),
        )
        .filter((words) => words.length === 3)
        .map((words) => words.join(' ').toLowerCase()),
    ),
  ];
  // "bearing" → "bearnig": two letters before the last swapped; kept only when no words match.
  const typos = [];
  for (const word of oneWord.filter((w) => w.length >= 6)) {
    const i = word.length - 3;
    const typo = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (typo === word) continue;
    const [{ hits }] = await query(
      `select count(*)::int as hits from products
       where search_vector @@ websearch_to_tsquery('english', $1) or sku_key like $2 or mpn_key like $2`,
      [typo, `${typo}%`],
    );
    if (hits === 0) typos.push(typo);
  }
  // A category, its two commonest brands, and the middle half of one of its measured specifications.
  const facetRows = await query(`
    with leaf as (
      select c.id, c.slug from categories c
      where not exists (select 1 from categories k where k.parent_id = c.id)
    ),
    brand_rank as (
      select p.category_id, b.slug, row_number() over (partition by p.category_id order by count(*) desc, b.slug) as n
      from products p join brands b on b.id = p.brand_id
      where p.category_id in (select id from leaf) and p.deleted_at is null
      group by p.category_id, b.slug
    ),
    spec as (
      select distinct on (p.category_id) p.category_id, a.name,
        percentile_disc(0.25) within group (order by a.num) as low,
        percentile_disc(0.75) within group (order by a.num) as high
      from product_attributes a join products p on p.id = a.product_id
      where a.num is not null and a.name <> 'pack_size'
      group by p.category_id, a.name
      order by p.category_id, count(*) desc, a.name
    )
    select leaf.slug as category, b1.slug as brand1, b2.slug as brand2, spec.name as attribute,
      spec.low, spec.high
    from leaf
    join brand_rank b1 on b1.category_id = leaf.id and b1.n = 1
    join brand_rank b2 on b2.category_id = leaf.id and b2.n = 2
    join spec on spec.category_id = leaf.id
    order by leaf.slug`);
  const facets = facetRows.map((row) => ({
    category: row.category,
    brands: [row.brand1, row.brand2],
    attribute: row.attribute,
    min: Number(row.low),
    max: Number(row.high),
  }));
  // Categories deep enough for a 50th page of 24 (top levels first: the biggest lists).
  const browse = await query(`
    with recursive tree as (
      select id, slug, depth from categories
      union all
      select c.id, tree.slug, tree.depth from categories c join tree on c.parent_id = tree.id
    )
    select tree.slug, count(p.id)::int as count
    from tree join products p on p.category_id = tree.id and p.deleted_at is null
    group by tree.slug, tree.depth
    having count(p.id) > 24 * 50
    order by tree.depth, count(p.id) desc
    limit 12`);
  return {
    products: n,
    skus,
    prefixes,
    oneWord,
    threeWords,
    typos,
    facets,
    browse: browse.map((row) => row.slug),
    slugs: picked.map((p) => p.slug),
    coldSlugs: cold,
  };
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
