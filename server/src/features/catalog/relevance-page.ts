import { type SQL, sql } from 'drizzle-orm';
import { and, type RelevanceClass } from './search-conditions.ts';

/**
 * The ids and ranks (`sort_key`) of a search's first page by relevance (decision 044), without
 * ranking every match. Each class's condition, which the better classes' rows meet too, is read
 * in the primary key's order (ids descending, the order within a class) up to `take` rows; a
 * class is read only when the one before it found fewer than `take`, so every row of the better
 * classes is known by then, and the page is the best `take` of all that was read. One broad word
 * at 10^6 products read its 47,619 matches to rank them (a bitmap of the heap, 45-88 ms); its name
 * class now finds a page among the first ~540 products by id (1 in 21 has the word). Each read is
 * planned with its class's own statistics (migration 0045): a class no product is in is looked up
 * in its index, not sought product by product. For a search past the exact count's bound only
 * (fewer matches are ranked all at once), and its first page: later pages rank every match after
 * the cursor.
 */
export function firstRelevancePage(
  filters: SQL[],
  classes: RelevanceClass[],
  rank: SQL,
  take: number,
): SQL {
  const name = (i: number) => sql.raw(`c${i}`);
  const reads = classes.map(({ when }, i) => {
    // One-time filters: the read does not run when a class before it filled the page (then
    // the classes between, not read either, found nothing).
    const gate = classes
      .slice(0, i)
      .map((_, before) => sql`(select count(*) from ${name(before)}) < ${take}::int`);
    return sql`${name(i)} as materialized (
      select p.id, ${rank} as sort_key from products p
      where ${and([...gate, ...filters, when])}
      order by p.id desc limit ${take})`;
  });
  const read = sql.join(
    classes.map((_, i) => sql`select id, sort_key from ${name(i)}`),
    sql` union `,
  );
  return sql`with ${sql.join(reads, sql`, `)}
    select id, sort_key from (${read}) read
    order by sort_key desc, id desc limit ${take}`;
}
