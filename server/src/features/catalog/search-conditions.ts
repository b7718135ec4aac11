import type { AttributeFilter, SearchQuery } from '@proper-parts/domain/catalog-search';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { scopeConditions } from '../company-catalogs/catalog-scope.ts';
import { partNumberKey, type ScopedQuery } from './catalog-search.ts';

export const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

export const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/**
 * A relevance class (decision 044): a match meeting `when` ranks `rank`, unless a better one holds.
 * `byNumber`: a part number's class (its rows are read whole: a btree's estimate of a prefix may be
 * ten times what it finds, and a class read in the key's order on a wrong estimate scans it all).
 */
export interface RelevanceClass {
  rank: number;
  when: SQL;
  byNumber: boolean;
  /**
   * The ids of the class's first `take` rows by id descending, among others of the class: its
   * read then ranks those alone (a part number's beginning, from migration 0046's indexes).
   */
  firstIds?: (take: number) => SQL;
}

/** One word and nothing else: its classes' estimates are their own statistics' (decision 044). */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/** A word prefixed by `-`: websearch_to_tsquery's "not". */
const NEGATED_WORD = /(^|\s)-[^\s-]/;

/**
 * `numbered: false`: no live part's number begins with the words (the search's counts read it,
 * `Counts.numbered`), so a search leaves the part-number tests out.
 */
export interface Numbered {
  numbered?: boolean;
}

/**
 * A search's words, prepared once per request. `where`: what matches (a part number's beginning,
 * or the words anywhere). `classes`: relevance, best first (decision 044): the exact part number,
 * its beginning, every word in the name or number (weight A), every word in those, the brand or
 * the category (A, B), anywhere. A row meeting a class's condition is in that class or a better
 * one (a first page reads them in turn: relevance-page.ts). `rank`: the class a row is in, as a
 * number. `oneWord`: the query is one word (the only one whose word classes are read in key
 * order).
 */
export function textMatch(q: string, { numbered = true }: Numbered = {}) {
  const key = partNumberKey(q);
  const prefix = `${key}%`;
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const byNumber = key.length >= 2 && numbered;
  const anywhere = sql`p.search_vector @@ ${tsquery}`;
  // Each arm by its own index, joined in one BitmapOr: `= any(array(...))` (an InitPlan) is an
  // index condition on the primary key, where `in (select ...)` scanned every product.
  const numberIs = (op: SQL, value: string) =>
    sql`(p.sku_key ${op} ${value} or p.mpn_key ${op} ${value}
        or p.id = any(array(select product_id from cross_references where number_key ${op} ${value})))`;
  const startsWith = numberIs(sql`like`, prefix);
  const exact = numberIs(sql`=`, key);
  // The fields' words as their own vectors (migration 0045's indexes). A word the query excludes
  // ("-ceramic") may be in a field left out: then the whole vector must not have it either.
  const inFields = (weights: string) =>
    NEGATED_WORD.test(q)
      ? sql`(ts_filter(p.search_vector, ${sql.raw(`'${weights}'`)}) @@ ${tsquery} and ${anywhere})`
      : sql`ts_filter(p.search_vector, ${sql.raw(`'${weights}'`)}) @@ ${tsquery}`;
  // Each class's own test, best first; a row is in the first it meets.
  const tests: RelevanceClass[] = [
    ...(byNumber
      ? [
          { rank: 4, when: exact, byNumber: true },
          {
            rank: 3,
            when: startsWith,
            byNumber: true,
            // Each arm's ids whole (a materialized CTE is planned for all its rows: a live
            // product's SKU and MPN from their indexes alone, never a seek along the primary key
            // on an estimate), then its first `take`; a cross-reference's part only if live (a
            // dead one would take a place of the `take`).
            firstIds: (take: number) => sql`
              with sku as materialized (
                select id from products where deleted_at is null and sku_key like ${prefix}),
              mpn as materialized (
                select id from products where deleted_at is null and mpn_key like ${prefix}),
              xref as materialized (
                select x.product_id as id from cross_references x
                join products live on live.id = x.product_id and live.deleted_at is null
                where x.number_key like ${prefix})
              (select id from sku order by id desc limit ${take})
              union all (select id from mpn order by id desc limit ${take})
              union all (select id from xref order by id desc limit ${take})`,
          },
        ]
      : []),
    { rank: 2, when: inFields('{a}'), byNumber: false },
    { rank: 1, when: inFields('{a,b}'), byNumber: false },
  ];
  return {
    where: byNumber ? sql`(${startsWith} or ${anywhere})` : anywhere,
    oneWord: ONE_WORD.test(q.trim()),
    classes: [...tests, { rank: 0, when: anywhere, byNumber: false }],
    rank: sql`(case ${sql.join(
      tests.map(({ rank, when }) => sql`when ${when} then ${sql.raw(String(rank))}`),
      sql` `,
    )} else 0 end)`,
  };
}

/** The filter a count leaves out: a facet counts what the query gives with that facet changed. */
type Except = 'brand' | 'category' | 'price' | 'attributes' | null;

/**
 * `attribute` holds for the product `p`, as a row of `product_attributes` aliased `alias`.
 * `probe`: as a scalar subquery, which PostgreSQL never turns into a join: each product the other
 * filters find is looked up by the attributes' primary key (product, name), where `exists` may
 * be planned from the attribute's index, probing a product for each of its values in range (a
 * category's bounded sample read 12,480 products for 1,001 at 10^6). Within a category, whose
 * ids are known before planning (`withCategoryIds`), `conditions` tests `specFlag` instead.
 */
export function attributeMatch(attribute: AttributeFilter, alias: string, probe = false) {
  const a = sql.raw(alias);
  const match =
    'value' in attribute
      ? Number.isFinite(Number(attribute.value))
        ? sql`${a}.num = ${Number(attribute.value)}::float8`
        : sql`${a}.num is null and lower(${a}.value) = ${attribute.value.toLowerCase()}`
      : sql`${a}.num between ${attribute.min ?? -Number.MAX_VALUE}::float8 and ${attribute.max ?? Number.MAX_VALUE}::float8`;
  const row = sql`from product_attributes ${a} where ${a}.product_id = p.id and ${a}.name = ${attribute.name} and ${match}`;
  return probe ? sql`coalesce((select true ${row}), false)` : sql`exists (select 1 ${row})`;
}

/**
 * Whether `attribute` holds for the product `p` (true or false), read from its own row's
 * `specs` (migration 0049): a flag of a product already read, where `attributeMatch`'s probe
 * costs four buffers a product. A number's value is a JSON number there, and JSON orders every
 * string below every number, so a text never falls in a range. A filter only where a category's
 * ids are known: the planner then keeps to the category's index; with the category's ids as an
 * `any(array(subquery))`, estimated at ten categories, it read a category's sample in a
 * sequential scan of 100,000 rows at 10^6 (decision 046).
 */
export function specFlag(attribute: AttributeFilter): SQL {
  const value = sql`(p.specs -> ${attribute.name}::text -> 0)`;
  const number = (n: number) => sql`to_jsonb(${n}::float8)`;
  const test =
    'value' in attribute
      ? Number.isFinite(Number(attribute.value))
        ? sql`${value} = ${number(Number(attribute.value))}`
        : sql`jsonb_typeof(${value}) = 'string' and lower(${value} #>> '{}') = ${attribute.value.toLowerCase()}`
      : sql`${value} between ${number(attribute.min ?? -Number.MAX_VALUE)} and ${number(attribute.max ?? Number.MAX_VALUE)}`;
  return sql`coalesce(${test}, false)`;
}

/**
 * Whether a read's other filters (a category, words, a vehicle) find few enough products that its
 * attribute filters are better probed for each of them (`attributeMatch`'s probe) than joined:
 * the counts' sample, and a page (a category's parts with a bore of 20..50 at 10^6: its 79,459
 * matching attributes hashed to keep 652 of 1,011 products, 19-30 ms; probed, 8-10 ms).
 */
export const probesAttributes = (query: ScopedQuery) =>
  Boolean(query.category || query.q || query.vehicle !== undefined);

/**
 * The query with its category's ids (`ScopedQuery.categoryIds`): the category and every one below
 * it, none for a category the shop does not know (its search finds nothing). A category's
 * products are then estimated from the statistics of those ids (a leaf's 15,873 of 10^6, not
 * 147,940), which lets its specification filters read the product's own row (`specFlag`) and keep
 * to the category's index.
 */
export async function withCategoryIds<Q extends ScopedQuery>(db: Queryable, query: Q): Promise<Q> {
  if (!query.category) return query;
  const [row] = await rowsOf<{ ids: string[] }>(
    db,
    sql`select array(
      with recursive below as (
        select id from categories where slug = ${query.category}
        union all
        select c.id from categories c join below on c.parent_id = below.id
      ) select id from below) as ids`,
  );
  return { ...query, categoryIds: row?.ids ?? [] };
}

/**
 * `probeAttributes`: for a read whose other filters (category, words, vehicle) find the products
 * (`probesAttributes`), the attribute filters tested on each product found: on its own row
 * (`specFlag`) within a category, else as probes (`attributeMatch`).
 */
export function conditions(
  query: ScopedQuery,
  leaveOut: Except | Except[],
  { probeAttributes = false, numbered = true }: { probeAttributes?: boolean } & Numbered = {},
): SQL[] {
  const left = new Set(Array.isArray(leaveOut) ? leaveOut : [leaveOut]);
  const except = (filter: Except) => (left.has(filter) ? filter : null);
  const where: SQL[] = [sql`p.deleted_at is null`, ...scopeConditions(query.scope)];
  if (query.category && except('category') !== 'category') {
    if (!query.categoryIds) throw new Error('a category search needs its ids (withCategoryIds)');
    where.push(sql`p.category_id = any(${sql.param(query.categoryIds)}::uuid[])`);
  }
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
    for (const attribute of query.attributes)
      where.push(
        probeAttributes && query.categoryIds
          ? specFlag(attribute)
          : attributeMatch(attribute, 'a', probeAttributes),
      );
  if (query.q) where.push(textMatch(query.q, { numbered }).where);
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

/**
 * Each sort's key, its direction and the type its cursor value is read back as. `words`: the
 * search's `textMatch`, prepared once a request.
 */
export function sortKey(query: SearchQuery, words: ReturnType<typeof textMatch> | undefined) {
  const sort = query.sort ?? (query.q ? 'relevance' : 'newest');
  switch (sort) {
    case 'relevance':
      if (words) return { sort, key: words.rank, desc: true, cast: sql`integer` };
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
