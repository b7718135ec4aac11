import { SEARCH_EXACT_COUNT_UP_TO, type SearchResult } from '@proper-parts/domain/catalog-search';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { ScopedQuery } from './catalog-search.ts';
import { and, attributeMatch, conditions } from './search-conditions.ts';

/**
 * The specifications' facets of a search. They belong to a leaf category (a bearing's bore, a
 * fuse's current): a broad one mixes them, and counting them over its 10^5 products took
 * seconds, so any other search has none.
 */
export async function attributeFacetsOf(
  db: Queryable,
  query: ScopedQuery,
  sampleSize = SEARCH_EXACT_COUNT_UP_TO,
): Promise<SearchResult['facets']['attributes']> {
  if (!query.category) return [];
  const [leaf] = await rowsOf<{ leaf: boolean }>(
    db,
    sql`select not exists (
      select 1 from categories c join categories parent on parent.id = c.parent_id
      where parent.slug = ${query.category}) as leaf`,
  );
  if (!leaf?.leaf) return [];
  return attributeFacets(
    await rowsOf<AttributeFacetRow>(db, attributeFacetsQuery(query, sampleSize)),
  );
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
 * must meet the other attributes' filters only). Over the first `sampleSize`
 * products the other filters give (issue 32): the counts' sample, as search-counts.ts's. Each
 * attribute filter is probed once a product of the sample (`ok0`, `ok1`…), not once for each of
 * its specifications' rows, 3-5 a product (the bench's facets at 10^6: 12.7 -> 9.8 ms).
 */
function attributeFacetsQuery(query: ScopedQuery, sampleSize: number) {
  const ok = (i: number) => sql.raw(`ok${i}`);
  const probes = query.attributes.map(
    (attribute, i) => sql`, ${attributeMatch(attribute, 'o', true)} as ${ok(i)}`,
  );
  const others = query.attributes.map(
    (attribute, i) => sql`(f.name = ${attribute.name} or p.${ok(i)})`,
  );
  return sql`
    select f.name, f.unit, case when f.num is null then f.value end as value,
      min(f.num) as min, max(f.num) as max, count(distinct p.id)::int as count
    from (
      select p.id${sql.join(probes, sql``)} from products p where ${and(conditions(query, 'attributes'))}
      limit ${sampleSize + 1}
    ) p join product_attributes f on f.product_id = p.id
    ${others.length > 0 ? sql`where ${and(others)}` : sql``}
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
