import { SEARCH_EXACT_COUNT_UP_TO } from '@proper-parts/domain/catalog-search';
import { type SQL, sql } from 'drizzle-orm';
import { partNumberKey, type ScopedQuery } from './catalog-search.ts';
import { and, conditions, list, probesAttributes, specFlag } from './search-conditions.ts';

export interface Counts {
  total: number;
  /** More matched than `SEARCH_EXACT_COUNT_UP_TO`: `total` is that bound, the facets a sample. */
  capped: boolean;
  in_stock: number;
  min_price: number | null;
  max_price: number | null;
  brands: { slug: string; name: string; count: number }[] | string;
  categories: { slug: string; name: string; count: number }[] | string;
  /**
   * Some live part's number (SKU, MPN or cross-reference) begins with the words' part-number
   * key: absent when the words cannot be one (fewer than 2 letters or digits), and in a count
   * kept before it was read (then a search reads the number classes, as it always did).
   */
  numbered?: boolean;
  /** Asked with `firstPage`: the page's ids and ranks, best first (empty past `cap`). */
  page?: { id: string; k: number }[] | string;
  /**
   * Asked with `keyedPage`: the first page's ids in its sort's order, or null when the products
   * meeting every filter but the specifications were more than `cap` (then it is read apart).
   */
  keyed?: string[] | string | null;
  /** Asked with `attributeFacets`: the specifications' facet rows, null outside a leaf category. */
  attributes?: AttributeFacetRow[] | string | null;
}

/** A specification's facet row: a number's range, or a text's value, with its count. */
export interface AttributeFacetRow {
  name: string;
  unit: string | null;
  value: string | null;
  min: number | null;
  max: number | null;
  count: number;
}

/**
 * A first page by relevance read with the counts (`countsQuery`): its `take` rows ranked by `rank`
 * (a `textMatch`'s, over the alias `p`) among the counts' sample, when that holds every match.
 */
export interface FirstPage {
  take: number;
  rank: SQL;
}

/**
 * A first page by a key (newest, price, name) read with the counts: its `take` ids by `key` (over
 * the alias `p`) among `spec_base`, when that holds every match.
 */
export interface KeyedPage {
  take: number;
  key: SQL;
  desc: boolean;
}

/** What `countsQuery` reads beside the counts. */
export interface CountsExtras {
  firstPage?: FirstPage;
  keyedPage?: KeyedPage;
  /** The specifications' facets of a leaf category (attribute-facets.ts), from `spec_base`. */
  attributeFacets?: boolean;
}

/**
 * The result count and every facet but the specifications, in one statement over one scan: the
 * products that meet every filter but brand and price are read once (`base`); each count then
 * applies the filters it keeps (a facet is counted under every filter but its own; the totals and
 * the price range in one pass, `sums`). Six separate statements took seconds on a broad query at
 * 10^6 products.
 *
 * Bounded (issue 32): `base` is at most the first `cap` + 1 such products, so a broad query reads
 * no more rows than a narrow one. Past `cap`, the facets are that sample's counts and the total
 * stops at `cap` (`capped`); the total under brand and price filters is counted apart, bounded
 * the same way, when the sample was cut short (its matches among the sample would undercount).
 *
 * `firstPage`: within `cap`, `base` holds every match but for brand and price, so the first page
 * by relevance is ranked from it (`page`), its rows read once for both: ranking them again apart
 * read their index and rows a second time.
 *
 * `attributeFacets`, `keyedPage`: the specifications' facets and a first page by a key come from
 * one more bounded read, `spec_base` (every filter but the specifications, each tested on the
 * product's `specs`); it also counts a filtered query's matches when it holds them all. A first
 * page by a key comes from whichever read holds every match: `base` within `cap`, else
 * `spec_base`, else `matches` (every filter), which a filtered count past both samples reads
 * anyway (the bench's category + brands + range: 7.4 ms of a page read apart). Apart,
 * the category + brands + specification search read those products three times: its count, its
 * page and its specifications' facets (22.9 ms of PostgreSQL's 4 statements at 10^6), and looked
 * each product's specifications up in `product_attributes` for each.
 */
export function countsQuery(
  query: ScopedQuery,
  cap = SEARCH_EXACT_COUNT_UP_TO,
  { firstPage, keyedPage, attributeFacets = false }: CountsExtras = {},
) {
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
  const filtered = query.brands.length > 0 || priceBounds.length > 0;
  // Bounded reads: products found by their own filters, each probed for its attributes.
  const probeAttributes = probesAttributes(query);
  const facetRoots = query.category
    ? sql`parent_id = (select id from categories where slug = ${query.category})`
    : sql`parent_id is null`;
  // `matches`: the first `cap` + 1 products meeting every filter, read only where a count needs
  // them (a `base` cut short under a brand or price filter); then also a first page's rows.
  const boundedCount = sql`(select count(*)::int from matches)`;
  // `spec_base`: the products meeting every filter but the specifications, with a flag for each
  // specification filter (`ok0`, `ok1`…): the specifications' facets' sample, and, when it
  // holds them all, the matches (their count and a first page by a key) without another read.
  const specs = query.attributes;
  const specBase = attributeFacets || keyedPage !== undefined;
  // With no brand, price or specification filter, `base` is that read: its rows serve.
  const sameAsBase = specBase && !filtered && specs.length === 0;
  const ok = (i: number) => sql.raw(`s.ok${i}`);
  const allOk = specs.length > 0 ? and(specs.map((_, i) => ok(i))) : sql`true`;
  const probes = specs.map((attribute, i) => sql`${specFlag(attribute)} as ${sql.raw(`ok${i}`)}`);
  // Under a filter, the matches among a `base` cut short are counted apart; from `spec_base` when
  // it is read anyway and holds them all.
  const filteredCount = !specBase
    ? boundedCount
    : specs.length === 0
      ? sql`(select count(*)::int from spec_base)`
      : sql`coalesce((select (count(*) filter (where ${allOk}))::int from spec_base s
          having count(*) <= ${cap}), ${boundedCount})`;
  // A first page from `spec_base` where it is read anyway: a leaf category's specifications, a
  // filtered count, or `base` itself (elsewhere it would be one more read of a category's parts,
  // cut short).
  const keyedWorth =
    filtered || specs.length > 0 || sameAsBase ? sql`true` : sql`(select leaf from leaf)`;
  const direction = keyedPage?.desc ? sql`desc` : sql`asc`;
  // What a first page by a key and the specifications' facets read of `spec_base`'s rows.
  const pageAndFacets = [
    ...(keyedPage ? [sql`sort_key`] : []),
    ...(attributeFacets ? [sql`specs`] : []),
  ];
  // The same, as read from the products.
  const sortKeyRead = keyedPage ? [sql`${keyedPage.key} as sort_key`] : [];
  const pageAndFacetsRead = [...sortKeyRead, ...(attributeFacets ? [sql`p.specs`] : [])];
  // `base` holds the id and key of a first page by a key: within `cap` its rows under the brand
  // and price filters are every match.
  const baseColumns = [
    ...(firstPage ? [sql`p.id, p.search_vector, p.sku_key, p.mpn_key`] : []),
    ...((sameAsBase || keyedPage) && !firstPage ? [sql`p.id`] : []),
    ...(sameAsBase ? pageAndFacetsRead : sortKeyRead),
  ];
  const keyedFrom = (take: number, rows: SQL, where: SQL) =>
    sql`(select coalesce(json_agg(k.id order by k.sort_key ${direction}, k.id ${direction}), '[]') from (
          select s.id, s.sort_key from ${rows} s where ${where}
          order by s.sort_key ${direction}, s.id ${direction} limit ${take}) k)`;
  const specBaseRead = sameAsBase
    ? sql`(select ${sql.join([sql`id`, ...pageAndFacets], sql`, `)} from base)`
    : sql`materialized (
      select ${sql.join([sql`p.id`, ...pageAndFacetsRead, ...probes], sql`, `)}
      from products p where ${fromStart} and ${and(conditions(query, 'attributes'))}
      limit ${cap + 1}
    )`;
  return sql`
    with recursive base as materialized (
      select p.brand_id, p.category_id, p.price_cents,
        p.available_quantity >= p.minimum_order_quantity as in_stock,
        ${brandOk} as brand_ok, ${priceOk} as price_ok${sql.join(
          baseColumns.map((column) => sql`, ${column}`),
          sql``,
        )}
      from products p where ${fromStart} and ${and(conditions(query, ['brand', 'price'], { probeAttributes }))}
      limit ${cap + 1}
    ),
    matches as materialized (
      select ${sql.join([sql`p.id`, ...sortKeyRead], sql`, `)}
      from products p where ${fromStart} and ${and(conditions(query, null, { probeAttributes }))}
      limit ${cap + 1}
    ),
    ${
      specBase
        ? sql`spec_base as ${specBaseRead},
    leaf as (
      select ${
        query.category
          ? sql`not exists (select 1 from categories c join categories parent on parent.id = c.parent_id
        where parent.slug = ${query.category})`
          : sql`false`
      } as leaf
    ),
    `
        : sql``
    }sums as (
      select count(*)::int as n, count(*) filter (where brand_ok and price_ok)::int as kept,
        count(*) filter (where brand_ok and price_ok and in_stock)::int as in_stock,
        min(price_cents) filter (where brand_ok) as min_price,
        max(price_cents) filter (where brand_ok) as max_price
      from base
    ),
    matched as (
      select case
        when n <= ${cap} or ${filtered ? sql`false` : sql`true`} then kept
        else ${filteredCount}
      end as n
      from sums
    ),
    ${
      firstPage
        ? sql`page as materialized (
      select p.id, ${firstPage.rank} as k from base p
      where (select count(*) from base) <= ${cap} and p.brand_ok and p.price_ok
      order by k desc, p.id desc limit ${firstPage.take}),
    `
        : sql``
    }tree as (
      select id, id as facet from categories where ${facetRoots}
      union all
      select c.id, tree.facet from categories c join tree on c.parent_id = tree.id
    )
    select
      (select least(n, ${cap}) from matched) as total,
      (select n > ${cap} from matched) as capped,
      in_stock, min_price, max_price,${numbered(query)}
      (select coalesce(json_agg(x order by x.count desc, x.name), '[]') from (
        select b.slug, b.name, count(*)::int as count
        from base join brands b on b.id = base.brand_id where price_ok
        group by b.slug, b.name) x) as brands,
      (select coalesce(json_agg(x order by x.count desc, x.name), '[]') from (
        select f.slug, f.name, count(*)::int as count
        from base join tree on tree.id = base.category_id join categories f on f.id = tree.facet
        where brand_ok and price_ok
        group by f.slug, f.name) x) as categories${
          firstPage
            ? sql`,
      (select coalesce(json_agg(json_build_object('id', id, 'k', k) order by k desc, id desc), '[]')
        from page) as page`
            : sql``
        }${
          keyedPage
            ? sql`,
      case
        when n <= ${cap} then ${keyedFrom(keyedPage.take, sql`base`, sql`s.brand_ok and s.price_ok`)}
        when ${keyedWorth} and (select count(*) from spec_base) <= ${cap}
          then ${keyedFrom(keyedPage.take, sql`spec_base`, allOk)}${
            filtered
              ? sql`
        when (select count(*) from matches) <= ${cap}
          then ${keyedFrom(keyedPage.take, sql`matches`, sql`true`)}`
              : sql``
          }
      end as keyed`
            : sql``
        }${
          attributeFacets
            ? sql`,
      (select coalesce(json_agg(x order by x.name, x.count desc), '[]') from (
        select f.name, f.unit, f.text as value, min(f.num) as min, max(f.num) as max,
          -- A product's name once in its specs (an object's keys): each product counted once.
          count(*)::int as count
        from spec_base s cross join lateral (
          select e.key as name, e.value ->> 1 as unit,
            case when jsonb_typeof(e.value -> 0) = 'number' then (e.value -> 0)::float8 end as num,
            case when jsonb_typeof(e.value -> 0) = 'string' then e.value ->> 0 end as text
          from jsonb_each(s.specs) e) f
        where (select leaf from leaf)${sql.join(
          specs.map((attribute, i) => sql` and (f.name = ${attribute.name} or ${ok(i)})`),
          sql``,
        )}
        group by f.name, f.unit, f.text) x) as attributes`
            : sql``
        }
    from sums`;
}

/**
 * The bounded samples' reads from the table's start, where they scan it (a broad word, a top
 * category): as a TID range scan, which reads through `shared_buffers`, not a sequential scan,
 * which goes through a small ring of buffers (every read fetched its ~1,400 pages from the
 * operating system again) and starts wherever a concurrent scan is (a sample that moved between
 * requests). Always true; an index's read keeps it as a filter. A top category's sample at 10^6,
 * 8 at once (pgbench): 420 reads/s as a sequential scan, 780 as a TID range scan.
 */
const fromStart = sql`p.ctid >= '(0,0)'::tid`;

/**
 * Whether some live part's number begins with the words' part-number key (`Counts.numbered`):
 * three index probes, 0.1-0.5 ms at 10^6. When none does, the search's page leaves out the
 * part-number classes, which cost a one-word page at 10^6 half its database time (1.2 of 2.3 ms:
 * their planning, and their look-ups finding nothing).
 */
function numbered(query: ScopedQuery): SQL {
  if (!query.q || partNumberKey(query.q).length < 2) return sql``;
  // Each by its own index (the live parts' SKU and MPN, the cross-references' numbers).
  const prefix = `${partNumberKey(query.q)}%`;
  return sql`
      (exists (select 1 from products where deleted_at is null and sku_key like ${prefix})
        or exists (select 1 from products where deleted_at is null and mpn_key like ${prefix})
        or exists (select 1 from cross_references where number_key like ${prefix})) as numbered,`;
}
