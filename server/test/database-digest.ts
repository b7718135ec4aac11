import { sql } from 'drizzle-orm';
import type { TestApp } from './helper.ts';

type Digest = Record<string, string>;

/**
 * The orders' status counts are two tables that a background fold moves rows between (migration
 * 0015): the fold changes neither count, so they are fingerprinted as the counts they add up to.
 */
const FOLDED = ['order_status_days', 'order_status_deltas'];
const ORDER_STATUS_COUNTS = 'order status counts';
const ORDER_STATUS_COUNTS_QUERY = `select '${ORDER_STATUS_COUNTS}' as name, count(*)::int as n,
  md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
  from (select day, status, sum(orders) as orders, sum(total_cents) as total_cents
    from (select day, status, orders, total_cents from order_status_days
      union all select day, status, orders, total_cents from order_status_deltas) counted
    group by day, status having sum(orders) <> 0 or sum(total_cents) <> 0) t`;

/** Where `tablesTouched` notes the tables a statement wrote (not itself fingerprinted). */
const TOUCHED = 'pp_test_touched';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;

const tablesOf = new WeakMap<TestApp, Promise<string[]>>();

/** The app schema's tables (listed once per app). Drizzle's migration journal lives in another schema. */
function tablesOfApp(app: TestApp): Promise<string[]> {
  let tables = tablesOf.get(app);
  if (!tables) {
    tables = app.db
      .execute(
        sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${TOUCHED}
          order by table_name`,
      )
      .then(({ rows }) => (rows as { name: string }[]).map(({ name }) => name));
    tablesOf.set(app, tables);
  }
  return tables;
}

/** The fingerprints of `names` (table names, or ORDER_STATUS_COUNTS), in one statement. */
async function fingerprints(app: TestApp, names: string[]): Promise<Digest> {
  if (names.length === 0) return {};
  const query = names
    .map((name) =>
      name === ORDER_STATUS_COUNTS
        ? ORDER_STATUS_COUNTS_QUERY
        : `select ${literal(name)} as name, count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${quoted(name)} t`,
    )
    .join(' union all ');
  const { rows } = (await app.db.execute(sql.raw(query))) as unknown as {
    rows: { name: string; n: number; md5: string }[];
  };
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n} rows, md5 ${r.md5}`]));
}

/** What is fingerprinted for each table: the folded pair as the counts they add up to. */
const fingerprintOf = (tables: string[]) => [
  ...new Set(tables.map((name) => (FOLDED.includes(name) ? ORDER_STATUS_COUNTS : name))),
];

/**
 * A fingerprint of every table of the app's schema: its row count and the md5 of its rows in
 * order. Two equal digests mean no row was added, changed or removed in between; a difference
 * names the table.
 */
export async function databaseDigest(app: TestApp): Promise<Digest> {
  return fingerprints(app, fingerprintOf(await tablesOfApp(app)));
}

/** The tables whose fingerprint differs between two digests. */
export function tablesChanged(before: Digest, after: Digest) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}

/**
 * `databaseDigest` compared call after call, at the cost of the tables written in between only:
 * a trigger on every table notes each statement that inserts, updates, deletes or truncates
 * (whether or not it changed a row), and only the tables noted are fingerprinted again. A change
 * cannot bypass the note (it commits or rolls back with the write), so the answer is the same as
 * comparing whole digests: the tables whose rows differ from the last call's.
 */
export async function watchTables(app: TestApp): Promise<() => Promise<string[]>> {
  const tables = await tablesOfApp(app);
  await app.db.execute(sql.raw(`create table ${TOUCHED} (name text not null)`));
  await app.db.execute(
    sql.raw(`create function pp_test_note_touched() returns trigger language plpgsql as $$
      begin insert into ${TOUCHED} values (TG_TABLE_NAME); return null; end $$`),
  );
  for (const table of tables) {
    await app.db.execute(
      sql.raw(`create trigger pp_test_touched after insert or update or delete or truncate
        on ${quoted(table)} for each statement execute function pp_test_note_touched()`),
    );
  }
  let last = await databaseDigest(app);
  return async function changedSinceLastCall() {
    const { rows } = (await app.db.execute(
      sql.raw(`delete from ${TOUCHED} returning name`),
    )) as unknown as { rows: { name: string }[] };
    const now = await fingerprints(app, fingerprintOf(rows.map(({ name }) => name)));
    const changed = Object.keys(now).filter((name) => now[name] !== last[name]);
    last = { ...last, ...now };
    return changed;
  };
}
