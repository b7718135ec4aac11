// The values each shape of the catalog bench (bench/catalog.mjs) varies over, read from the
// data: part numbers, prefixes, words, typos, facet sets, categories to page, slugs. Shared with
// the server's cold-search test (server/src/features/catalog/cold-search.test.ts), which asks a
// sample of them with the catalog cache on and off.

/** The values each load shape varies over, read from the data. */
export async function catalogSamples(query) {
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
