import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { CHANGES_CHANNEL } from '../src/db/change-feed.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadPgliteTemplate } from './pglite-template.ts';
import { postgresTemplate } from './postgres-template.ts';
import { createDatabase, databaseUrl, dropDatabase, testDatabaseName } from './test-databases.ts';
import { testPasswordHashing } from './test-passwords.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * A fresh database for one test file: in-memory PGlite loaded from the run's template, or — when
 * DATABASE_URL is set — a copy of the run's migrated PostgreSQL template, dropped afterwards.
 */
async function freshDatabase(timeoutMs: number) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ pgliteTemplate: loadPgliteTemplate() });
  const name = testDatabaseName('pp_test');
  await createDatabase(name, postgresTemplate(), baseUrl);
  const handle = await openDatabase({ databaseUrl: databaseUrl(name, baseUrl), timeoutMs }).catch(
    async (error) => {
      await dropDatabase(name, baseUrl).catch(() => {});
      throw error;
    },
  );
  return {
    ...handle,
    close: async () => {
      await handle.close().catch(() => {});
      await dropDatabase(name, baseUrl);
    },
  };
}

/**
 * Builds the real app on a fresh database; closes both after the file's tests. Uploaded images go
 * to `options.uploadsDir`, or to a temporary directory removed afterwards.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { uploadsDir?: string } = {},
) {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    PUBLIC_URL: 'http://localhost:3000',
    // The pool's bounds (decision 015) are proved by the fault tests' own servers. Here they only
    // turn a busy CI machine's wait for one of 10 connections, in a test racing 50 requests, into
    // a 503 that test did not ask about.
    DATABASE_TIMEOUT_MS: '20000',
    ...env,
  });
  const database = await freshDatabase(config.DATABASE_TIMEOUT_MS);
  const uploadsDir = options.uploadsDir ?? mkdtempSync(join(tmpdir(), 'pp-test-uploads-'));
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    logger: false,
    uploadsDir,
    passwordHashing: testPasswordHashing,
  });
  await app.ready();
  sendOriginLikeABrowser(app);
  // The database goes even when closing the app fails (the run's teardown sweeps what is left).
  afterAll(async () => {
    try {
      await app.close();
    } finally {
      await database.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
  return app;
}

/**
 * Browsers send Origin on every POST, PUT, PATCH and DELETE, same-origin ones included, and the
 * cross-site guard refuses a cookie without one. So a test's request that carries a cookie is
 * sent, as the shop's own page would send it, with `Origin: PUBLIC_URL`, unless it names its
 * own origin; `origin: undefined` sends none (a forged or non-browser request).
 */
export function sendOriginLikeABrowser(app: TestApp) {
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string' || !options.headers?.cookie) return options;
    const headers = { ...options.headers };
    if (!('origin' in headers)) headers.origin = new URL(app.config.PUBLIC_URL).origin;
    else if (headers.origin === undefined) delete headers.origin;
    return { ...options, headers };
  };
  // Only the promise form (`app.inject(options)`) is used by the tests.
  app.inject = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : inject(withOrigin(options))) as typeof app.inject;
}

/**
 * Resolves once every change notification sent before this call has reached `app`'s caches.
 * Notifications arrive in commit order, so when a marker sent now comes back, all earlier ones
 * (a seed's, an API write's) are in. Tests that write past the notifications call it first, so a
 * late notification of an earlier write cannot empty the caches in the middle of the test.
 */
export async function changesSettled(app: TestApp) {
  const marker = `settled-${randomUUID()}`;
  const heard = new Promise<void>((resolve) => {
    app.changes.subscribe((table) => {
      if (table === marker) resolve();
    });
  });
  await app.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
  await heard;
}
