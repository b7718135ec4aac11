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

/** Where a later page starts: after the row of class `rank` and id `id` (its cursor's). */
export interface RelevanceCursor {
  rank: number;
  id: string;
}

/**
 * The ids and ranks (`sort_key`) of a page of a search by relevance (decision 044), without
 * ranking every match. The classes are read in turn, each up to `take` rows by id descending
 * (the order within a class); a class is read only when every one before it found fewer than
 * `take`, so every row of the better classes is known by then, and the page is the best `take`
 * of all that was read. With `oneWord`, a word's class is read in the primary key's order: one
 * broad word at 10^6 products read its 47,619 matches to rank them (45-88 ms); its name class now
 * finds a page among the first ~540 products by id (1 in 21 has the word), planned with the
 * class's own statistics (migration 0045). Two words are estimated as if independent (`bearing
 * wrench` in the names: 3,046 expected, none there), and read in key order a class with no row
 * would be sought through every product: their classes, and a part number's (a btree's estimate
 * of a prefix was ten times what it found), are read whole, then ordered; on a first page, a
 * part number's beginning from its first ids alone (`firstIds`, migration 0046). For a search past
 * the exact count's bound with no filter (`readsByClass`; the rest rank every match at once).
 *
 * `after`: a later page. Its classes are the cursor's and those below it; the cursor's class
 * starts below the cursor's id, and each class leaves out the rows of every better class (they
 * were on the pages before). Ranking every match after the cursor instead took 97 ms for a broad
 * word's second page at 10^6 (`wrench`), 310 ms for `filters` (EXPLAIN ANALYZE).
 */
export function relevancePage(
  filters: SQL[],
  classes: RelevanceClass[],
  take: number,
  oneWord: boolean,
  after?: RelevanceCursor,
): SQL {
  const name = (i: number) => sql.raw(`c${i}`);
  const read = after ? classes.filter(({ rank }) => rank <= after.rank) : classes;
  const reads = read.map(({ rank, when, byNumber, firstIds }, i) => {
    // The class's own rank, a constant: on a first page a row of a better class read here too
    // has that class's row as well (a class is read only after every better one was read whole),
    // and the page keeps each id's best. Ranking each row by every class's test (the CASE of the
    // other reads) planned the part-number look-ups again in every class.
    const sortKey = sql.raw(`${rank}::int`);
    // One-time filters: the read does not run when a class before it filled the page (then
    // the classes between, not read either, found nothing).
    const gate = read
      .slice(0, i)
      .map((_, before) => sql`(select count(*) from ${name(before)}) < ${take}::int`);
    // A later page: not the rows of a better class, nor the cursor's class's up to its id. A
    // test that is null (a part without an MPN) is not met.
    const later = after
      ? [
          ...classes
            .filter((better) => better.rank > rank)
            .map((better) => sql`not coalesce(${better.when}, false)`),
          ...(rank === after.rank ? [sql`p.id < ${after.id}::uuid`] : []),
        ]
      : [];
    const where = and([
      ...gate,
      ...filters,
      when,
      ...later,
      // Its first ids among all live products: the class's own while the only filter is the
      // live one (`readsByClass`). Not on a later page: the ids of a better class among them
      // would take places of the `take`.
      ...(firstIds && !after ? [sql`p.id = any(array(${firstIds(take)}))`] : []),
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
  const union = sql.join(
    read.map((_, i) => sql`select id, sort_key from ${name(i)}`),
    sql` union all `,
  );
  return sql`with ${sql.join(reads, sql`, `)}
    select id, max(sort_key) as sort_key from (${union}) read group by id
    order by sort_key desc, id desc limit ${take}`;
}
