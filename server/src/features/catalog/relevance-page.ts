import { type SQL, sql } from 'drizzle-orm';
import type { ScopedQuery } from './catalog-search.ts';
import { and, conditions, type RelevanceClass } from './search-conditions.ts';

/**
 * Whether a search's first page may be read class by class: no filter but the live one (its
 * conditions without words are `deleted_at is null` alone; a filter added to `conditions` is one
 * more). The planner estimates two conditions together as if independent: a word and a category
 * of other parts look frequent together, and the classes' reads would rank or seek through far
 * more than they find.
 */
export const readsByClass = (query: ScopedQuery) =>
  conditions({ ...query, q: undefined }, null).length === 1;

/**
 * The ids and ranks (`sort_key`) of a search's first page by relevance (decision 044), without
 * ranking every match. The classes are read in turn, each up to `take` rows by id descending
 * (the order within a class); a class is read only when every one before it found fewer than
 * `take`, so every row of the better classes is known by then, and the page is the best `take`
 * of all that was read. With `oneWord`, a word's class is read in the primary key's order: one
 * broad word at 10^6 products read its 47,619 matches to rank them (45-88 ms); its name class now
 * finds a page among the first ~540 products by id (1 in 21 has the word), planned with the
 * class's own statistics (migration 0045). Two words are estimated as if independent (`bearing
 * wrench` in the names: 3,046 expected, none there), and read in key order a class with no row
 * would be sought through every product: their classes, and a part number's (a btree's estimate
 * of a prefix was ten times what it found), are read whole, then ordered; a part number's
 * beginning from its first ids alone (`firstIds`, migration 0046). For a search past the exact
 * count's bound with no filter (`readsByClass`; the rest rank every match at once), and its first
 * page: later pages rank every match after the cursor.
 */
export function firstRelevancePage(
  filters: SQL[],
  classes: RelevanceClass[],
  take: number,
  oneWord: boolean,
): SQL {
  const name = (i: number) => sql.raw(`c${i}`);
  const reads = classes.map(({ rank, when, byNumber, firstIds }, i) => {
    // The class's own rank, a constant: a row of a better class read here too has that class's
    // row as well (a class is read only after every better one was read whole), and the page
    // keeps each id's best. Ranking each row by every class's test (the CASE of a later page)
    // planned the part-number look-ups again in every class.
    const sortKey = sql.raw(`${rank}::int`);
    // One-time filters: the read does not run when a class before it filled the page (then
    // the classes between, not read either, found nothing).
    const gate = classes
      .slice(0, i)
      .map((_, before) => sql`(select count(*) from ${name(before)}) < ${take}::int`);
    const where = and([
      ...gate,
      ...filters,
      when,
      // Its first ids among all live products: the class's own while the only filter is the
      // live one (`readsByClass`).
      ...(firstIds ? [sql`p.id = any(array(${firstIds(take)}))`] : []),
    ]);
    if (oneWord && !byNumber)
      return sql`${name(i)} as materialized (
      select p.id, ${sortKey} as sort_key from products p where ${where}
      order by p.id desc limit ${take})`;
    // A materialized CTE is planned for all its rows: a bitmap of the class, not the key's order.
    const whole = sql.raw(`whole${i}`);
    return sql`${whole} as materialized (
      select p.id, ${sortKey} as sort_key from products p where ${where}),
    ${name(i)} as materialized (select id, sort_key from ${whole} order by id desc limit ${take})`;
  });
  const read = sql.join(
    classes.map((_, i) => sql`select id, sort_key from ${name(i)}`),
    sql` union all `,
  );
  return sql`with ${sql.join(reads, sql`, `)}
    select id, max(sort_key) as sort_key from (${read}) read group by id
    order by sort_key desc, id desc limit ${take}`;
}
