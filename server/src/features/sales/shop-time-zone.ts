import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { StartupError } from '../../errors.ts';

const KEY = 'sales_time_zone';

/**
 * Makes the sales roll-ups' days those of `zone` (SHOP_TIME_ZONE). The database keeps the zone its
 * roll-ups are counted in (app_state 'sales_time_zone', read by the triggers); when the setting
 * differs, it stores the new zone and starts a rebuild (`pp_sales_rebuild()`, decision 028) in one
 * short transaction: the roll-ups are emptied and counted again in the background by every
 * server's sweep (`rebuildSales`), order and invoice writes wait only for that transaction and
 * then for one rebuild step at a time. Answers the zone it replaced, or null when there was nothing
 * to do.
 */
export async function useShopTimeZone(db: Database, zone: string): Promise<string | null> {
  if ((await storedZone(db)) === zone) return null;
  try {
    await db.execute(sql`select now() at time zone ${zone}`);
  } catch {
    throw new StartupError(`SHOP_TIME_ZONE: the database does not know the time zone ${zone}`);
  }
  return db.transaction(async (tx) => {
    // Exclusive: the sales being counted now commit first, in the old zone's rows this empties;
    // those after it count in the new zone (or leave their orders to the rebuild).
    await tx.execute(sql`select pg_advisory_xact_lock(7140002)`);
    const before = await storedZone(tx as unknown as Database);
    if (before === zone) return null;
    await tx.execute(
      sql`insert into app_state (key, value) values (${KEY}, ${zone})
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
    );
    await tx.execute(sql`select pp_sales_rebuild()`);
    return before ?? 'UTC';
  });
}

/** The zone whose days the roll-ups count in (UTC until a server sets SHOP_TIME_ZONE). */
export async function storedZone(db: Database): Promise<string | undefined> {
  const [row] = await rowsOf<{ value: string }>(
    db,
    sql`select value from app_state where key = ${KEY}`,
  );
  return row?.value;
}
