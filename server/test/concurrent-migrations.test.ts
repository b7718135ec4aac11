import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../e2e/support/free-port.ts';
import {
  createPostgresDatabase,
  killAllServers,
  removeTempDirs,
  spawnServer,
  stopServer,
  TEST_DEMO_PARTS,
  tempDir,
  waitUntilHealthy,
} from './server-process.ts';

/**
 * Issue 10, faults: two servers starting at the same moment on one fresh PostgreSQL database
 * (a rolling deploy, two replicas). One migrates; the other waits for it (pg_advisory_lock)
 * and finds nothing left to do.
 */
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const drop of drops) await drop();
  removeTempDirs();
});

it('two processes starting at once on a fresh database migrate it once, and both serve', async () => {
  const database = await createPostgresDatabase();
  drops.push(database.drop);
  const [portA, portB] = [await freePort(), await freePort()];
  const a = spawnServer({ dataDir: tempDir(), databaseUrl: database.url }, portA);
  const b = spawnServer({ dataDir: tempDir(), databaseUrl: database.url }, portB);
  await Promise.all([waitUntilHealthy(a, true), waitUntilHealthy(b, true)]);

  const journal = JSON.parse(
    readFileSync(join(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const applied = await client.query('select hash from drizzle.__drizzle_migrations');
    expect(applied.rowCount).toBe(journal.entries.length);
    const products = await client.query('select count(*)::int as n from products');
    // The demo catalog, seeded once (not twice) by the two processes.
    expect(products.rows[0].n).toBe(TEST_DEMO_PARTS);
  } finally {
    await client.end();
  }
  expect(await Promise.all([stopServer(a), stopServer(b)])).toEqual([0, 0]);
}, 180_000);
