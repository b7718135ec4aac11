import { sql } from 'drizzle-orm';
import type { TestApp } from './helper.ts';

/**
 * A fingerprint of every table of the app's schema: its row count and the md5 of its rows in
 * order. Two equal digests mean no row was added, changed or removed in between; a difference
 * names the table. (Drizzle's own migration journal lives in another schema.)
 */
export async function databaseDigest(app: TestApp): Promise<Record<string, string>> {
  const { rows: tables } = (await app.db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const { rows } = (await app.db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${quoted} t`,
      ),
    )) as unknown as { rows: { n: number; md5: string }[] };
    digest[name] = `${rows[0]?.n} rows, md5 ${rows[0]?.md5}`;
  }
  return digest;
}
