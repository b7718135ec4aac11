import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';

/**
 * `q` with each word of 3–30 letters that no name has replaced by the most similar one that a
 * name has (pg_trgm's `%`: similarity 0.3 or more); null when no word changes.
 */
export async function correctedQuery(db: Queryable, q: string): Promise<string | null> {
  const [row] = await rowsOf<{ text: string | null; changed: boolean | null }>(
    db,
    sql`
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
    where typed.word <> ''`,
  );
  return row?.changed ? row.text : null;
}
