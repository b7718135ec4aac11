import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteOptions } from '../src/db/pglite-settings.ts';
import { loadEmptyCluster } from './pglite-template.ts';
import { testDatabaseName } from './test-databases.ts';

const drizzleFolder = join(import.meta.dirname, '..', 'drizzle');

/** The migrations up to (not including) `tag`: the database as it was before that release. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pp-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(drizzleFolder, 'meta', '_journal.json'), 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, cut);
  for (const entry of journal.entries) {
    copyFileSync(join(drizzleFolder, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  }
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  return dir;
}

/** The database's own words for a refused statement (the driver wraps them as the cause). */
export const refusal = (query: Promise<unknown>) =>
  query.then(
    () => 'accepted',
    (error: { message?: string; cause?: { message?: string } }) =>
      `${error.cause?.message ?? ''} ${error.message ?? ''}`,
  );

export type Run = (query: string) => Promise<Record<string, unknown>[]>;

/**
 * A database migrated to just before migration `tag`, to fill as a shop of that release would be,
 * then `migrateAll()`: in-memory PGlite, or a fresh database on DATABASE_URL's server.
 */
export async function databaseBefore(tag: string) {
  const before = migrationsBefore(tag);
  const url = process.env.DATABASE_URL;
  if (!url) {
    const emptyCluster = loadEmptyCluster();
    const client = await PGlite.create(
      emptyCluster ? { ...pgliteOptions, loadDataDir: emptyCluster } : pgliteOptions,
    );
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: before });
    const run: Run = async (query) => (await db.execute(sql.raw(query))).rows;
    return {
      run,
      migrateAll: () => migratePglite(db, { migrationsFolder: drizzleFolder }),
      close: async () => {
        await client.close();
        rmSync(before, { recursive: true });
      },
    };
  }
  const name = testDatabaseName('pp_test');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  const db = drizzlePostgres(client);
  await migratePostgres(db, { migrationsFolder: before });
  const run: Run = async (query) => (await client.query(query)).rows;
  return {
    run,
    migrateAll: () => migratePostgres(db, { migrationsFolder: drizzleFolder }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(before, { recursive: true });
    },
  };
}

/**
 * The sales migrations' shop: buyers u1 (Ann) and u2 (Bea), and two parts, a piston at $12.34 and a
 * pump at $500; answers the parts' ids.
 */
export async function twoBuyersAndTwoParts(run: Run) {
  await run(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com'),
    ('u2', 'Bea', 'bea@example.com')`);
  return (
    await run(
      `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
       values ('Piston', '/p.svg', 'Forged piston', 1, 1000, 1234), ('Pump', '/q.svg', 'A pump', 1, 1000, 50000)
       returning id`,
    )
  ).map((p) => String(p.id));
}

/**
 * An order of one line as the sales migrations' releases keep it (0013 on), invoiced at
 * `invoicedAt` when given: the triggers of the release count it at its commit.
 */
export async function insertOrderRow(
  run: Run,
  user: string,
  product: string | undefined,
  quantity: number,
  unitCents: number,
  status: string,
  createdAt: string,
  invoicedAt?: string,
  updatedAt = createdAt,
) {
  const [row] = await run(
    `insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity, total_cents,
       user_name, email, status, paid, created_at, updated_at)
     values ('${product}', '${user}', 'Order', '/o.svg', ${unitCents}, ${quantity}, ${unitCents * quantity},
       'Ann', 'ann@example.com', '${status}', ${invoicedAt !== undefined}, '${createdAt}', '${updatedAt}')
     returning id`,
  );
  await run(`insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
      unit_price_cents, line_total_cents)
    values ('${row?.id}', 1, '${product}', 'SKU', 'Line', '/o.svg', ${quantity}, ${unitCents}, ${unitCents * quantity})`);
  if (invoicedAt)
    await run(`insert into invoices (order_id, year, number_in_year, issued_at)
      values ('${row?.id}', 2026, (select coalesce(max(number_in_year), 0) + 1 from invoices), '${invoicedAt}')`);
  return String(row?.id);
}
