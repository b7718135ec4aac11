import type {
  AttributeFilter,
  CatalogProduct,
  CategoryNode,
  SearchItem,
  SearchQuery,
  SearchResult,
} from '@proper-parts/domain/catalog-search';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ResponseCache } from '../../http/response-cache.ts';
import { type CatalogSearch, partNumberKey } from './catalog-search.ts';

/** A product's id: the product read also takes one (a slug never has this shape). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How `q` is read: as typed (part numbers and full text); or, when that finds nothing, with each
 * word the names do not have replaced by the nearest one they do ("bearnig": "bearing", by
 * trigrams over `search_words`). A cursor keeps the mode of its first page.
 */
type Mode = 'words' | 'typos';

interface Cursor {
  sort: string;
  mode: Mode;
  value: string;
  id: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** What each sort's key looks like as text: a cursor is read back into SQL only when it fits. */
const cursorValue: Record<string, RegExp> = {
  relevance: /^(-?\d+(\.\d+)?|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?)$/,
  newest: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/,
  price_asc: /^\d{1,10}$/,
  price_desc: /^\d{1,10}$/,
  name: /^[^\0]{0,400}$/,
};

function decodeCursor(text: string, sort: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (
      cursor.sort === sort &&
      (cursor.mode === 'words' || cursor.mode === 'typos') &&
      typeof cursor.value === 'string' &&
      (cursorValue[sort]?.test(cursor.value) ?? false) &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(cursor.id)
    )
      return cursor;
  } catch {}
  throw new AppError('INVALID', 'cursor: not a cursor of this search (start again without it)');
}

const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A search's words, prepared once per request. */
function textMatch(q: string) {
  const key = partNumberKey(q);
  const prefix = `${key}%`;
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const byNumber = key.length >= 2;
  const exact = byNumber
    ? sql`(p.sku_key = ${key} or p.mpn_key = ${key} or p.id in (select product_id from cross_references where number_key = ${key}))`
    : sql`false`;
  const startsWith = byNumber
    ? sql`(p.sku_key like ${prefix} or p.mpn_key like ${prefix} or p.id in (select product_id from cross_references where number_key like ${prefix}))`
    : sql`false`;
  // Each arm by its own index, joined in one BitmapOr: `= any(array(...))` (an InitPlan) is an
  // index condition on the primary key, where `in (select ...)` scanned every product.
  const matched = byNumber
    ? sql`(p.sku_key like ${prefix} or p.mpn_key like ${prefix}
        or p.id = any(array(select product_id from cross_references where number_key like ${prefix}))
        or p.search_vector @@ ${tsquery})`
    : sql`p.search_vector @@ ${tsquery}`;
  return {
    where: matched,
    // An exact part number outranks a prefix, which outranks any words (ts_rank's 32 keeps it < 1).
    rank: sql`round((case when ${exact} then 4 when ${startsWith} then 2 else 0 end + ts_rank(p.search_vector, ${tsquery}, 32))::numeric, 6)`,
  };
}

/** The filter a count leaves out: a facet counts what the query gives with that facet changed. */
type Except = 'brand' | 'category' | 'price' | 'attributes' | null;

/** `attribute` holds for the product `p`, as a row of `product_attributes` aliased `alias`. */
function attributeMatch(attribute: AttributeFilter, alias: string) {
  const a = sql.raw(alias);
  const match =
    'value' in attribute
      ? Number.isFinite(Number(attribute.value))
        ? sql`${a}.num = ${Number(attribute.value)}::float8`
        : sql`${a}.num is null and lower(${a}.value) = ${attribute.value.toLowerCase()}`
      : sql`${a}.num between ${attribute.min ?? -Number.MAX_VALUE}::float8 and ${attribute.max ?? Number.MAX_VALUE}::float8`;
  return sql`exists (select 1 from product_attributes ${a} where ${a}.product_id = p.id and ${a}.name = ${attribute.name} and ${match})`;
}

function conditions(query: SearchQuery, leaveOut: Except | Except[]): SQL[] {
  const left = new Set(Array.isArray(leaveOut) ? leaveOut : [leaveOut]);
  const except = (filter: Except) => (left.has(filter) ? filter : null);
  const where: SQL[] = [sql`p.deleted_at is null`];
  if (query.category && except('category') !== 'category')
    where.push(sql`p.category_id = any(array(
      with recursive below as (
        select id from categories where slug = ${query.category}
        union all
        select c.id from categories c join below on c.parent_id = below.id
      ) select id from below))`);
  if (query.brands.length > 0 && except('brand') !== 'brand')
    where.push(
      sql`p.brand_id = any(array(select id from brands where slug in (${list(query.brands)})))`,
    );
  if (query.inStock) where.push(sql`p.available_quantity >= p.minimum_order_quantity`);
  if (query.minPrice !== undefined && except('price') !== 'price')
    where.push(sql`p.price_cents >= ${Math.ceil(query.minPrice * 100)}::bigint`);
  if (query.maxPrice !== undefined && except('price') !== 'price')
    where.push(sql`p.price_cents <= ${Math.floor(query.maxPrice * 100)}::bigint`);
  if (except('attributes') !== 'attributes')
    for (const attribute of query.attributes) where.push(attributeMatch(attribute, 'a'));
  if (query.q) where.push(textMatch(query.q).where);
  // Fits the vehicle (issue 20): the ids of the parts that fit it, read once from the fitments'
  // primary key (vehicle first) as an InitPlan, an index condition on the products' primary
  // key. A part that fits at two positions is one id twice in the array, and one product still.
  // An unknown vehicle fits nothing: an empty page, not an error (no extra query per search,
  // and a vehicle gone from the list reads "nothing fits" rather than breaking the page).
  if (query.vehicle !== undefined)
    where.push(
      sql`p.id = any(array(select f.product_id from fitments f where f.vehicle_id = ${query.vehicle}::int))`,
    );
  return where;
}

/** How many values of a text attribute the facet lists. */
const ATTRIBUTE_VALUES_SHOWN = 20;

interface AttributeFacetRow {
  name: string;
  unit: string | null;
  value: string | null;
  min: number | null;
  max: number | null;
  count: number;
}

/**
 * The chosen category's specifications as facets: a number's range, a text's values with counts.
 * Each attribute is counted under every filter but its own (one pass: a row of attribute `x`
 * must meet the other attributes' filters only).
 */
function attributeFacetsQuery(query: SearchQuery) {
  const others = query.attributes.map(
    (attribute) => sql`(f.name = ${attribute.name} or ${attributeMatch(attribute, 'o')})`,
  );
  return sql`
    select f.name, f.unit, case when f.num is null then f.value end as value,
      min(f.num) as min, max(f.num) as max, count(distinct p.id)::int as count
    from products p join product_attributes f on f.product_id = p.id
    where ${and([...conditions(query, 'attributes'), ...others])}
    group by f.name, f.unit, case when f.num is null then f.value end
    order by f.name, count(distinct p.id) desc`;
}

function attributeFacets(rows: AttributeFacetRow[]): SearchResult['facets']['attributes'] {
  const facets: SearchResult['facets']['attributes'] = [];
  for (const row of rows) {
    let facet = facets.find((f) => f.name === row.name);
    if (!facet) {
      facet = { name: row.name, unit: row.unit, min: null, max: null, values: [] };
      facets.push(facet);
    }
    if (row.value === null && row.min !== null && row.max !== null) {
      facet.min = facet.min === null ? Number(row.min) : Math.min(facet.min, Number(row.min));
      facet.max = facet.max === null ? Number(row.max) : Math.max(facet.max, Number(row.max));
    } else if (row.value !== null && facet.values.length < ATTRIBUTE_VALUES_SHOWN) {
      facet.values.push({ value: row.value, count: Number(row.count) });
    }
  }
  return facets;
}

const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/** Each sort's key, its direction and the type its cursor value is read back as. */
function sortKey(query: SearchQuery) {
  const sort = query.sort ?? (query.q ? 'relevance' : 'newest');
  switch (sort) {
    case 'relevance':
      if (query.q) return { sort, key: textMatch(query.q).rank, desc: true, cast: sql`numeric` };
      return { sort, key: sql`p.created_at`, desc: true, cast: sql`timestamptz` };
    case 'newest':
      return { sort, key: sql`p.created_at`, desc: true, cast: sql`timestamptz` };
    case 'price_asc':
      return { sort, key: sql`p.price_cents`, desc: false, cast: sql`integer` };
    case 'price_desc':
      return { sort, key: sql`p.price_cents`, desc: true, cast: sql`integer` };
    case 'name':
      return { sort, key: sql`p.name`, desc: false, cast: sql`text` };
  }
}

interface ItemRow {
  id: string;
  sku: string;
  slug: string;
  name: string;
  img: string;
  price_cents: number;
  minimum_order_quantity: number;
  available_quantity: number;
  pack_size: number;
  brand_slug: string | null;
  brand_name: string | null;
  category_slug: string | null;
  category_name: string | null;
  sort_value: string;
}

const toItem = (row: ItemRow): SearchItem => ({
  _id: row.id,
  sku: row.sku,
  slug: row.slug,
  name: row.name,
  brand: row.brand_slug ? { slug: row.brand_slug, name: row.brand_name ?? '' } : null,
  category: row.category_slug ? { slug: row.category_slug, name: row.category_name ?? '' } : null,
  price: Number(row.price_cents) / 100,
  img: row.img,
  minimumOrderQuantity: Number(row.minimum_order_quantity),
  availableQuantity: Number(row.available_quantity),
  packSize: Number(row.pack_size),
});

const ITEM_COLUMNS = sql`p.id, p.sku, p.slug, p.name, p.img, p.price_cents, p.minimum_order_quantity,
  p.available_quantity, p.pack_size, b.slug as brand_slug, b.name as brand_name, c.slug as category_slug,
  c.name as category_name`;

export interface Counts {
  total: number;
  in_stock: number;
  min_price: number | null;
  max_price: number | null;
  brands: { slug: string; name: string; count: number }[] | string;
  categories: { slug: string; name: string; count: number }[] | string;
}

/**
 * The result count and every facet but the specifications, in one statement over one scan: the
 * products that meet every filter but brand and price are read once (`base`); each count then
 * applies the filters it keeps (a facet is counted under every filter but its own). Six separate
 * statements took seconds on a broad query at 10^6 products.
 */
function countsQuery(query: SearchQuery) {
  const brandOk =
    query.brands.length > 0
      ? sql`p.brand_id in (select id from brands where slug in (${list(query.brands)}))`
      : sql`true`;
  const priceBounds: SQL[] = [];
  if (query.minPrice !== undefined)
    priceBounds.push(sql`p.price_cents >= ${Math.ceil(query.minPrice * 100)}::bigint`);
  if (query.maxPrice !== undefined)
    priceBounds.push(sql`p.price_cents <= ${Math.floor(query.maxPrice * 100)}::bigint`);
  const priceOk = priceBounds.length > 0 ? and(priceBounds) : sql`true`;
  const facetRoots = query.category
    ? sql`parent_id = (select id from categories where slug = ${query.category})`
    : sql`parent_id is null`;
  return sql`
    with recursive base as materialized (
      select p.brand_id, p.category_id, p.price_cents,
        p.available_quantity >= p.minimum_order_quantity as in_stock,
        ${brandOk} as brand_ok, ${priceOk} as price_ok
      from products p where ${and(conditions(query, ['brand', 'price']))}
    ),
    tree as (
      select id, id as facet from categories where ${facetRoots}
      union all
      select c.id, tree.facet from categories c join tree on c.parent_id = tree.id
    )
    select
      (select count(*)::int from base where brand_ok and price_ok) as total,
      (select count(*)::int from base where brand_ok and price_ok and in_stock) as in_stock,
      (select min(price_cents) from base where brand_ok) as min_price,
      (select max(price_cents) from base where brand_ok) as max_price,
      (select coalesce(json_agg(x order by x.count desc, x.name), '[]') from (
        select b.slug, b.name, count(*)::int as count
        from base join brands b on b.id = base.brand_id where price_ok
        group by b.slug, b.name) x) as brands,
      (select coalesce(json_agg(x order by x.count desc, x.name), '[]') from (
        select f.slug, f.name, count(*)::int as count
        from base join tree on tree.id = base.category_id join categories f on f.id = tree.facet
        where brand_ok and price_ok
        group by f.slug, f.name) x) as categories`;
}

/** PGlite and node-postgres both parse `json`; a string is parsed here either way. */
const fromJson = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

/**
 * `countsCache`: where the result count and facets of a query are kept (a cache keyed by the query
 * without cursor, sort and limit): every page of one search shares them, so a deep page costs
 * its keyset read only.
 */
export function postgresCatalogSearch(
  db: Database,
  countsCache?: ResponseCache<Counts>,
): CatalogSearch {
  const rows = async <T>(query: SQL) => (await db.execute(query)).rows as T[];

  /**
   * `q` with each word of 3–30 letters that no name has replaced by the most similar one that a
   * name has (pg_trgm's `%`: similarity 0.3 or more); null when no word changes.
   */
  const corrected = async (q: string): Promise<string | null> => {
    const [row] = await rows<{ text: string | null; changed: boolean | null }>(sql`
      select string_agg(coalesce(best.word, typed.word), ' ' order by typed.n) as text,
        bool_or(best.word is not null) as changed
      from unnest(regexp_split_to_array(lower(${q}), '[^a-z0-9]+')) with ordinality as typed(word, n)
      left join lateral (
        select s.word from search_words s
        where typed.word ~ '^[a-z]{3,30}$'
          and not exists (select 1 from search_words known where known.word = typed.word)
          and s.word % typed.word
        order by similarity(s.word, typed.word) desc, s.word
        limit 1
      ) best on true
      where typed.word <> ''`);
    return row?.changed ? row.text : null;
  };

  return {
    async search(asked) {
      const requestedSort = asked.sort ?? (asked.q ? 'relevance' : 'newest');
      const cursor = asked.cursor ? decodeCursor(asked.cursor, requestedSort) : undefined;
      const countsOf = async (query: SearchQuery): Promise<Counts> => {
        const read = async () => {
          const [row] = await rows<Counts>(countsQuery(query));
          if (!row) throw new Error('the counts query answered no row');
          return row;
        };
        const { cursor: _c, sort: _s, limit: _l, ...filters } = query;
        const counts = countsCache
          ? await countsCache.get(JSON.stringify(filters), read)
          : undefined;
        return counts ?? read();
      };
      let mode: Mode = cursor?.mode ?? 'words';
      let query = asked;
      let didYouMean: string | null = null;
      if (mode === 'typos' && asked.q) {
        didYouMean = await corrected(asked.q);
        if (didYouMean) query = { ...asked, q: didYouMean };
      }
      let counts = await countsOf(query);
      if (!cursor && Number(counts.total) === 0 && asked.q) {
        didYouMean = await corrected(asked.q);
        if (didYouMean) {
          mode = 'typos';
          query = { ...asked, q: didYouMean };
          counts = await countsOf(query);
          // A suggestion that finds nothing either is not worth showing.
          if (Number(counts.total) === 0) didYouMean = null;
        }
      }
      const total = Number(counts.total);
      const { sort, key, desc, cast } = sortKey(query);
      const where = conditions(query, null);
      if (cursor)
        where.push(
          desc
            ? sql`(${key}, p.id) < (${cursor.value}::${cast}, ${cursor.id}::uuid)`
            : sql`(${key}, p.id) > (${cursor.value}::${cast}, ${cursor.id}::uuid)`,
        );
      const direction = desc ? sql`desc` : sql`asc`;
      const found = await rows<ItemRow>(sql`
        select ${ITEM_COLUMNS}, (${key})::text as sort_value
        from products p
        left join brands b on b.id = p.brand_id
        left join categories c on c.id = p.category_id
        where ${and(where)}
        order by ${key} ${direction}, p.id ${direction}
        limit ${query.limit + 1}`);
      const page = found.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor =
        found.length > query.limit && last
          ? encodeCursor({ sort, mode, value: last.sort_value, id: last.id })
          : null;

      // Specifications belong to a leaf category (a bearing's bore, a fuse's current): a broad
      // one mixes them, and counting them over its 10^5 products took seconds.
      const [leaf] = query.category
        ? await rows<{ leaf: boolean }>(sql`
            select not exists (
              select 1 from categories c join categories parent on parent.id = c.parent_id
              where parent.slug = ${query.category}) as leaf`)
        : [];
      const attributes = leaf?.leaf
        ? attributeFacets(await rows<AttributeFacetRow>(attributeFacetsQuery(query)))
        : [];

      return {
        items: page.map(toItem),
        nextCursor,
        total,
        facets: {
          brands: fromJson(counts.brands).map((b) => ({ ...b, count: Number(b.count) })),
          categories: fromJson(counts.categories).map((c) => ({ ...c, count: Number(c.count) })),
          inStock: Number(counts.in_stock),
          price:
            counts.min_price == null || counts.max_price == null
              ? null
              : { min: Number(counts.min_price) / 100, max: Number(counts.max_price) / 100 },
          attributes,
        },
        didYouMean,
      };
    },

    async product(slug) {
      // One statement: the product, its specifications, cross-references and category path.
      const [row] = await rows<
        ItemRow & {
          mpn: string | null;
          description: string;
          created_at: string;
          attributes: CatalogProduct['attributes'] | string;
          cross_references: CatalogProduct['crossReferences'] | string;
          category_path: CatalogProduct['categoryPath'] | string;
          price_breaks: { minQuantity: number; priceCents: number }[] | string;
        }
      >(sql`
        select ${ITEM_COLUMNS}, p.mpn, p.description, p.created_at, '' as sort_value,
          (select coalesce(json_agg(json_build_object('minQuantity', pb.min_quantity,
              'priceCents', pb.price_cents) order by pb.min_quantity), '[]')
            from price_breaks pb where pb.product_id = p.id) as price_breaks,
          (select coalesce(json_agg(json_build_object('name', a.name, 'value', a.value,
              'num', a.num, 'unit', a.unit) order by a.name), '[]')
            from product_attributes a where a.product_id = p.id) as attributes,
          (select coalesce(json_agg(json_build_object('number', x.number, 'kind', x.kind)
              order by x.kind, x.number), '[]')
            from cross_references x where x.product_id = p.id) as cross_references,
          (select coalesce(json_agg(json_build_object('slug', up.slug, 'name', up.name)
              order by up.level desc), '[]')
            from (
              with recursive up as (
                select id, parent_id, slug, name, 0 as level from categories where id = p.category_id
                union all
                select c.id, c.parent_id, c.slug, c.name, up.level + 1
                from categories c join up on c.id = up.parent_id
              ) select slug, name, level from up) up) as category_path
        from products p
        left join brands b on b.id = p.brand_id
        left join categories c on c.id = p.category_id
        where ${UUID.test(slug) ? sql`p.id = ${slug}::uuid` : sql`p.slug = ${slug}`} and p.deleted_at is null`);
      if (!row) {
        // A former slug: the product under its current one (the page answers 301 to it).
        const [moved] = UUID.test(slug)
          ? []
          : await rows<{ slug: string }>(sql`
              select p.slug from product_slug_redirects r join products p on p.id = r.product_id
              where r.slug = ${slug} and p.deleted_at is null and p.slug <> ${slug}`);
        return moved ? this.product(moved.slug) : undefined;
      }
      return {
        ...toItem(row),
        mpn: row.mpn,
        description: row.description,
        createdAt: new Date(row.created_at).toISOString(),
        attributes: fromJson(row.attributes).map((a) => ({
          ...a,
          num: a.num === null ? null : Number(a.num),
        })),
        crossReferences: fromJson(row.cross_references),
        categoryPath: fromJson(row.category_path),
        priceBreaks: fromJson(row.price_breaks).map((b) => ({
          minQuantity: Number(b.minQuantity),
          price: Number(b.priceCents) / 100,
        })),
      };
    },

    async brands() {
      const found = await rows<{ slug: string; name: string; count: number }>(sql`
        select b.slug, b.name, count(p.id)::int as count
        from brands b left join products p on p.brand_id = b.id and p.deleted_at is null
        group by b.slug, b.name
        order by b.name`);
      return found.map((b) => ({ ...b, count: Number(b.count) }));
    },

    async categories() {
      const found = await rows<{
        id: string;
        parent_id: string | null;
        slug: string;
        name: string;
        count: number;
      }>(sql`
        select c.id, c.parent_id, c.slug, c.name, count(p.id)::int as count
        from categories c left join products p on p.category_id = c.id and p.deleted_at is null
        group by c.id
        order by c.name`);
      const nodes = new Map(
        found.map((row) => [
          row.id,
          {
            slug: row.slug,
            name: row.name,
            count: Number(row.count),
            children: [] as CategoryNode[],
          },
        ]),
      );
      const roots: CategoryNode[] = [];
      for (const row of found) {
        const node = nodes.get(row.id) as CategoryNode;
        const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
        (parent ? parent.children : roots).push(node);
      }
      const total = (node: CategoryNode): number => {
        node.count += node.children.reduce((sum, child) => sum + total(child), 0);
        return node.count;
      };
      for (const root of roots) total(root);
      return roots;
    },
  };
}
