import { SEARCH_EXACT_COUNT_UP_TO } from '@proper-parts/domain/catalog-search';
import { type SQL, sql } from 'drizzle-orm';
import { partNumberKey, type ScopedQuery } from './catalog-search.ts';
import { and, conditions, list, probesAttributes } from './search-conditions.ts';

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
}

/**
 * The result count and every facet but the specifications, in one statement over one scan: the
 * products that meet every filter but brand and price are read once (`base`); each count then
 * applies the filters it keeps (a facet is counted under every filter but its own; the totals and
 * the price range in one pass, `sums`). Six separate statements took seconds on a broad query at
 * 10^6 products.
 *
 * Bounded (issue 32): `base` is at most `cap` + 1 such products, so a broad query reads no more
 * rows than a narrow one: with words, those of a twentieth of the products when that many match
 * there (`sampledBase`), else the first. Past `cap`, the facets are that sample's counts and the
 * total stops at `cap` (`capped`); the total under brand and price filters is counted apart, bounded
 * the same way, when the sample was cut short (its matches among the sample would undercount).
 */
export function countsQuery(query: ScopedQuery, cap = SEARCH_EXACT_COUNT_UP_TO) {
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
  const columns = sql`p.brand_id, p.category_id, p.price_cents,
        p.available_quantity >= p.minimum_order_quantity as in_stock,
        ${brandOk} as brand_ok, ${priceOk} as price_ok`;
  const where = conditions(query, ['brand', 'price'], { probeAttributes });
  return sql`
    with recursive ${
      query.q
        ? sampledBase(query, columns, where, cap)
        : sql`base as materialized (
      select ${columns} from products p where ${and(where)} limit ${cap + 1})`
    },
    sums as (
      select count(*)::int as n, count(*) filter (where brand_ok and price_ok)::int as kept,
        count(*) filter (where brand_ok and price_ok and in_stock)::int as in_stock,
        min(price_cents) filter (where brand_ok) as min_price,
        max(price_cents) filter (where brand_ok) as max_price
      from base
    ),
    matched as (
      select case
        when n <= ${cap} or ${filtered ? sql`false` : sql`true`} then kept
        else (select count(*)::int from (
          select 1 from products p where ${and(conditions(query, null, { probeAttributes }))}
          limit ${cap + 1}) n)
      end as n
      from sums
    ),
    tree as (
      select id, id as facet from categories where ${facetRoots}
      union all
      select c.id, tree.facet from categories c join tree on c.parent_id = tree.id
    )
    select
      (select least(n, ${cap}) from matched) as total,
      (select n > ${cap} from matched) as capped,
      in_stock, min_price, max_price,${hasNumbers(query) ? sql` (select yes from numbered) as numbered,` : sql``}
      (select coalesce(json_agg(x order by x.count desc, x.name), '[]') from (
        select b.slug, b.name, count(*)::int as count
        from base join brands b on b.id = base.brand_id where price_ok
        group by b.slug, b.name) x) as brands,
      (select coalesce(json_agg(x order by x.count desc, x.name), '[]') from (
        select f.slug, f.name, count(*)::int as count
        from base join tree on tree.id = base.category_id join categories f on f.id = tree.facet
        where brand_ok and price_ok
        group by f.slug, f.name) x) as categories
    from sums`;
}

/** The words can be a part number's beginning: two letters or digits. */
const hasNumbers = (query: ScopedQuery) => partNumberKey(query.q ?? '').length >= 2;

/**
 * Products in the search's sample: 13 in 256 (5%), by the last byte of the id (random), with the
 * full-text index of migration 0047 (a GIN index of 1 in 20 live products, 13 MB at 10^6).
 */
export const IN_SEARCH_SAMPLE = sql`get_byte(uuid_send(p.id), 15) < 13`;

/**
 * A search's `base` (decision 044): the first `cap` + 1 matches of the sample's products when it
 * holds that many, else the first `cap` + 1 matches. Either way, past `cap` they are `cap` + 1 real
 * matches, so "1,000+" stays exact; the facets then count the sample's. A broad word's matches
 * whole were one bitmap of every match (47,619 for `wrenches` at 10^6: 5 of the count's 7 ms, 13
 * ms for `filters`' 95,000); the sample's index gives a twentieth of them (1.2-1.6 ms). A search
 * below the sample's bound reads the sample (its few rows) and then the matches, as before.
 *
 * A part number's beginning is read whole (the SKU and MPN indexes hold every product): when some
 * part's number begins with the words (`numbered`: three index probes, 0.1-0.5 ms), the sample is
 * not read. Else the words alone are sought in it, from migration 0047's index.
 */
function sampledBase(query: ScopedQuery, columns: SQL, where: SQL[], cap: number): SQL {
  const words = conditions(query, ['brand', 'price'], {
    probeAttributes: probesAttributes(query),
    numbered: false,
  });
  const numbered = hasNumbers(query);
  // Each by its own index (the live parts' SKU and MPN, the cross-references' numbers).
  const prefix = `${partNumberKey(query.q ?? '')}%`;
  return sql`${
    numbered
      ? sql`numbered as materialized (select
      exists (select 1 from products where deleted_at is null and sku_key like ${prefix})
        or exists (select 1 from products where deleted_at is null and mpn_key like ${prefix})
        or exists (select 1 from cross_references where number_key like ${prefix}) as yes),
    `
      : sql``
  }sampled as materialized (
      select ${columns} from products p
      where ${numbered ? sql`not (select yes from numbered) and ` : sql``}${and(words)} and ${IN_SEARCH_SAMPLE}
      limit ${cap + 1}),
    base as materialized (
      select * from sampled where (select count(*) from sampled) > ${cap}
      union all
      (select ${columns} from products p
        where (select count(*) from sampled) <= ${cap} and ${and(where)}
        limit ${cap + 1}))`;
}
