import { sql } from 'drizzle-orm';
import type { TestApp } from './helper.ts';

const tablesOf = new WeakMap<TestApp, Promise<string>>();

/** One statement that fingerprints every table of the app's schema (listed once per app). */
async function digestQuery(app: TestApp): Promise<string> {
  const { rows } = (await app.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return rows
    .filter(({ name }) => !FOLDED.includes(name))
    .map(({ name }) => {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const literal = `'${name.replaceAll("'", "''")}'`;
      return `select ${literal} as name, count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${quoted} t`;
    })
    .concat(rows.some(({ name }) => name === FOLDED[0]) ? [ORDER_STATUS_COUNTS] : [])
    .join(' union all ');
}

/**
 * The orders' status counts are two tables that a background fold moves rows between (migration
 * 0015): the fold changes neither count, so they are fingerprinted as the counts they add up to.
 */
const FOLDED = ['order_status_days', 'order_status_deltas'];
const ORDER_STATUS_COUNTS = `select 'order status counts' as name, count(*)::int as n,
  md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
  from (select day, status, sum(orders) as orders, sum(total_cents) as total_cents
    from (select day, status, orders, total_cents from order_status_days
      union all select day, status, orders, total_cents from order_status_deltas) counted
    group by day, status having sum(orders) <> 0 or sum(total_cents) <> 0) t`;

/**
 * A fingerprint of every table of the app's schema: its row count and the md5 of its rows in
 * order. Two equal digests mean no row was added, changed or removed in between; a difference
 * names the table. (Drizzle's own migration journal lives in another schema.)
 */
export async function databaseDigest(app: TestApp): Promise<Record<string, string>> {
  let query = tablesOf.get(app);
  if (!query) {
    query = digestQuery(app);
    tablesOf.set(app, query);
  }
  const { rows } = (await app.db.execute(sql.raw(await query))) as unknown as {
    rows: { name: string; n: number; md5: string }[];
  };
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n} rows, md5 ${r.md5}`]));
}

/** The tables whose fingerprint differs between two digests. */
export function tablesChanged(before: Record<string, string>, after: Record<string, string>) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}
