import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadPgliteTemplate } from './pglite-template.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL is set — a new
 * PostgreSQL database created on that server and dropped afterwards.
 */
async function freshDatabase() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ pgliteTemplate: loadPgliteTemplate() });
  const name = `pp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Builds the real app on a fresh database; closes both after the file's tests. */
export async function buildTestApp(env: Record<string, string> = {}) {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const database = await freshDatabase();
  const app = await buildApp({ config, db: database.db, dbKind: database.kind, logger: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return app;
}
