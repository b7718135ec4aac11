import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import pg from 'pg';

/**
 * The PostgreSQL databases a test run makes. Each name carries the run's tag (`PP_TEST_RUN`, set
 * once by the global set-up and inherited by every worker), so the global teardown drops every one
 * of them, those of a test that failed or of a worker that died included.
 */

/** The PostgreSQL server the tests create their databases on: DATABASE_URL's, or the local one. */
export const postgresBaseUrl =
  process.env.DATABASE_URL ?? `postgres://${userInfo().username}@127.0.0.1:5432/postgres`;

/** This run's tag: letters and digits only, so it can sit in a database name unquoted. */
export function testRunTag(): string {
  return process.env.PP_TEST_RUN ?? `p${process.pid}`;
}

/** A new database name of this run: `<prefix>_<run>_<random>`. */
export function testDatabaseName(prefix: string): string {
  return `${prefix}_${testRunTag()}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(name: string, baseUrl = postgresBaseUrl): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a short connection to the base database (creating and dropping databases). */
export async function onAdminConnection<T>(
  work: (client: pg.Client) => Promise<T>,
  baseUrl = postgresBaseUrl,
): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** Creates database `name`, a copy of `template` when given (a file copy: no migrations to run). */
export async function createDatabase(name: string, template?: string, baseUrl = postgresBaseUrl) {
  await onAdminConnection(
    (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`),
    baseUrl,
  );
}

export async function dropDatabase(name: string, baseUrl = postgresBaseUrl) {
  await onAdminConnection(
    (admin) => admin.query(`drop database if exists ${name} with (force)`),
    baseUrl,
  );
}

/** Drops every database of run `tag` left on the server; answers how many there were. */
export async function dropRunDatabases(tag: string, baseUrl = postgresBaseUrl): Promise<number> {
  return onAdminConnection(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`%\\_${tag}\\_%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${datname} with (force)`);
    }
    return rows.length;
  }, baseUrl);
}
