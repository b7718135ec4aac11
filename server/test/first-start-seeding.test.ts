import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { demoProducts, demoReviews } from '../src/features/catalog/demo-catalog.ts';
import { generateDemoCatalog } from '../src/features/catalog/demo-generator.ts';
import { DEMO_SEED_STEP } from '../src/features/catalog/demo-seed.ts';
import {
  createPostgresDatabase,
  killAllServers,
  removeTempDirs,
  type ServerProcess,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';

/**
 * Issue 31: a new shop serves while the bulk of its demo catalog loads (decision 034). The home
 * page's six are there from the first answer; `GET /catalog/demo-progress` says how far the parts
 * have got, and null once all are in (the catalog page's notice: e2e/tests/first-start.spec.ts);
 * a start killed mid-way is finished by the next one, with every part, specification and review
 * once. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const drop of drops) await drop().catch(() => {});
  removeTempDirs();
});

async function newShop() {
  const dataDir = tempDir('pp-first-start-');
  if (!onPostgres) return { dataDir };
  const database = await createPostgresDatabase('pp_first_start');
  drops.push(database.drop);
  return { dataDir, databaseUrl: database.url };
}

const json = async <T>(server: ServerProcess, path: string) =>
  ((await (await fetch(`${server.url}${path}`)).json()) as { data: T }).data;
type Progress = { loaded: number; total: number } | null;
const progressOf = (server: ServerProcess) =>
  json<Progress>(server, '/api/v1/catalog/demo-progress');

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  for (let i = 0; i < 1200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function countRows(shop: { dataDir: string; databaseUrl?: string }) {
  const database: DatabaseHandle = await openDatabase(shop);
  try {
    const { rows } = await database.db.execute<Record<string, number>>(sql`select
      (select count(*)::int from products) as products,
      (select count(distinct sku)::int from products) as skus,
      (select count(*)::int from product_attributes) as attributes,
      (select count(*)::int from cross_references) as "crossReferences",
      (select count(*)::int from reviews) as reviews,
      (select count(*)::int from price_breaks) as "priceBreaks",
      (select count(distinct product_id)::int * 3 from price_breaks) as "threePerPart",
      (select count(*)::int from vehicles) > 0 as vehicles,
      (select count(*)::int from app_state where key like 'demo_%') as markers`);
    return rows[0];
  } finally {
    await database.close();
  }
}

/**
 * 4,000 parts (8 seed steps): enough to kill the first start mid-way and finish in the next; the
 * whole 10,000 took most of this file's time twice per run (demo-seed tests seed all of them).
 */
const PARTS = 4_000;
const catalog = generateDemoCatalog(PARTS);
const expected = {
  products: catalog.products.length,
  skus: catalog.products.length,
  attributes: catalog.products.reduce((sum, p) => sum + p.attributes.length, 0),
  crossReferences: catalog.products.reduce((sum, p) => sum + p.crossReferences.length, 0),
  reviews: demoReviews.length,
  vehicles: true,
  // demo_catalog_seeded and demo_fitments_seeded; the progress row is gone.
  markers: 2,
};

describe('the first start serves while the demo catalog loads', () => {
  // One start killed mid-way and the next one: a seed each is most of this file's time, so the
  // two starts are one test.
  it('has the home page’s six at once, says how far the parts are, and a start killed mid-way is finished by the next: every row once, then null', async () => {
    const shop = await newShop();
    const env = { DEMO_CATALOG_PARTS: String(PARTS) };
    const first = await startServer({ ...shop, env });
    const featured = await json<{ name: string }[]>(first, '/api/v1/tools?limit=6');
    expect(featured.map((p) => p.name).sort()).toEqual(
      demoProducts
        .slice(0, 6)
        .map((p) => p.name)
        .sort(),
    );
    const progress = await progressOf(first);
    expect(progress?.total).toBe(catalog.products.length);
    expect(progress?.loaded).toBeGreaterThanOrEqual(DEMO_SEED_STEP);

    // Killed as soon as a step is in: a poll for more steps once missed them all (on PGlite
    // beside the journeys, the progress answers waited behind the seed's steps until its end).
    first.child.kill('SIGKILL');
    await first.exited;
    // Killed mid-way, not after the last step: the next start has something to finish.
    expect(progress?.loaded).toBeLessThan(catalog.products.length);

    const again = await startServer({ ...shop, env });
    await until(
      () => progressOf(again),
      (p) => p === null,
      'the catalog to load',
    );
    // Every part once: the category tree's roots count live parts exactly (a search counts
    // only up to SEARCH_EXACT_COUNT_UP_TO since issue 32).
    const roots = await json<{ count: number }[]>(again, '/api/v1/catalog/categories');
    expect(roots.reduce((sum, root) => sum + root.count, 0)).toBe(catalog.products.length);
    // The fitments follow the parts, in the background too.
    await until(
      () => json<number[]>(again, '/api/v1/vehicles/years'),
      (years) => years.length > 0,
      'the vehicles',
    );
    expect(again.output()).not.toMatch(/stopped; the next start carries on/);
    expect(await stopServer(again)).toBe(0);

    const counts = await countRows(shop);
    expect(counts).toMatchObject(expected);
    expect(counts?.priceBreaks).toBe(counts?.threePerPart);
  }, 400_000);
});
