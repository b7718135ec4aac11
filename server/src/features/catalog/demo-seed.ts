import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DemoCatalogProgress } from '@proper-parts/domain/demo-catalog-progress';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appState } from '../../db/schema.ts';
import { DEMO_CATALOG_SIZE, type DemoCatalog, generateDemoCatalog } from './demo-generator.ts';
import { insertDemoProducts, insertDemoTaxonomy } from './demo-seed-rows.ts';

/** Set once the demo catalog is all there (or was never to be: the shop had products). */
const SEEDED_KEY = 'demo_catalog_seeded';
/** Set while it loads: `{ base, loaded, total }` (what the steps have written so far). */
const PROGRESS_KEY = 'demo_catalog_progress';
/**
 * Parts per step, each step a transaction of its own: ~0.2 s on the embedded database, whose
 * one connection a step holds, so requests go on between steps; and JSON values of a few hundred
 * kilobytes, which keep the engine's memory (which never shrinks) low (decision 009).
 */
export const DEMO_SEED_STEP = 500;

interface Progress extends DemoCatalogProgress {
  /** When the first step began: each part is this minus its age, whichever step writes it. */
  base: string;
}

// The same catalog on every call for a size (a seeded generator): made once while the steps need
// it, and cut as they write it (the parts are written from the end), so its memory goes as they go.
let generated: DemoCatalog | undefined;
let generatedSize = 0;
const demoCatalog = (size: number, parts = size) => {
  if (!generated || generatedSize !== size || generated.products.length < parts) {
    generated = generateDemoCatalog(size);
    generatedSize = size;
  }
  return generated;
};

/**
 * Whether the demo's parts are to be loaded: true when this start begins (the categories, brands
 * and reviews go in with the progress row) or resumes (a start stopped mid-way, or another process
 * loading). A shop that has products of its own, or whose demo catalog was loaded before (and
 * perhaps emptied since, on purpose), gets nothing.
 */
async function beginDemoCatalog(db: Database, size: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ key: string }>(
      sql`select key from app_state where key in (${SEEDED_KEY}, ${PROGRESS_KEY})`,
    );
    if (found.rows.length > 0) return found.rows.some((row) => row.key === PROGRESS_KEY);
    const [{ count } = { count: 0 }] = (
      await tx.execute<{ count: number }>(sql`select count(*)::int as count from products`)
    ).rows;
    const catalog = demoCatalog(size);
    const progress: Progress = {
      base: new Date().toISOString(),
      loaded: 0,
      total: catalog.products.length,
    };
    // A second process beginning at the same time waits here, then finds the row taken.
    const marked = await tx
      .insert(appState)
      .values(
        Number(count) > 0
          ? { key: SEEDED_KEY, value: progress.base }
          : { key: PROGRESS_KEY, value: JSON.stringify(progress) },
      )
      .onConflictDoNothing()
      .returning({ key: appState.key });
    if (Number(count) > 0) return false;
    if (marked.length > 0) await insertDemoTaxonomy(tx, catalog);
    return true;
  });
}

/**
 * The next step's parts, newest first (the home page's featured six in the first step), and the
 * progress, in one transaction: a start killed mid-way resumes where the last step committed, and
 * a part is never written twice. Two processes take turns on the progress row. The last step
 * replaces it with the seeded marker. `undefined`: there was nothing left to load.
 */
async function seedDemoCatalogStep(db: Database): Promise<DemoCatalogProgress | undefined> {
  return db.transaction(async (tx) => {
    const [row] = (
      await tx.execute<{ value: string }>(
        sql`select value from app_state where key = ${PROGRESS_KEY} for update`,
      )
    ).rows;
    if (!row) return undefined;
    const progress = JSON.parse(row.value) as Progress;
    const to = progress.total - progress.loaded;
    const from = Math.max(0, to - DEMO_SEED_STEP);
    const catalog = demoCatalog(progress.total, to);
    await insertDemoProducts(tx, catalog, { from, to, total: progress.total, base: progress.base });
    const loaded = progress.total - from;
    if (loaded < progress.total) {
      await tx
        .update(appState)
        .set({ value: JSON.stringify({ ...progress, loaded }) })
        .where(sql`${appState.key} = ${PROGRESS_KEY}`);
    } else {
      await tx.delete(appState).where(sql`${appState.key} = ${PROGRESS_KEY}`);
      await tx
        .insert(appState)
        .values({ key: SEEDED_KEY, value: new Date().toISOString() })
        .onConflictDoNothing();
    }
    return { loaded, total: progress.total };
  });
}

export interface SeedDemoOptions {
  /** Told after each step. */
  onStep?: (progress: DemoCatalogProgress) => void;
  /** Asked after each step: true stops there (the next call resumes). */
  until?: (progress: DemoCatalogProgress) => boolean;
  /**
   * Awaited between two steps. PGlite answers in microtasks: without at least a turn of the
   * event loop (the default) no request would even be read until the last step.
   */
  between?: () => Promise<unknown>;
  /** How many parts a catalog begun by this call has (DEMO_CATALOG_PARTS); one begun keeps its own. */
  parts?: number;
}

/**
 * Seeds the demo catalog once per database: its categories, brands and 10,000 products with their
 * specifications and cross-references, in steps of DEMO_SEED_STEP parts. `seeded`: this call
 * wrote its last part. A catalog the admin emptied on purpose is not refilled at the next start.
 */
export async function seedDemoCatalog(
  db: Database,
  { onStep, until, between = nextTurn, parts = DEMO_CATALOG_SIZE }: SeedDemoOptions = {},
): Promise<{ seeded: boolean }> {
  if (!(await beginDemoCatalog(db, parts))) return { seeded: false };
  for (let steps = 1; ; steps++) {
    const progress = await seedDemoCatalogStep(db);
    if (!progress) return { seeded: false };
    if (generated)
      generated.products.length = Math.min(
        generated.products.length,
        progress.total - progress.loaded,
      );
    onStep?.(progress);
    const done = progress.loaded === progress.total;
    // The planner's statistics once the first parts are in, and again at the end.
    if (steps === 1 || done) await analyzeCatalog(db);
    if (done) {
      generated = undefined;
      return { seeded: true };
    }
    if (until?.(progress)) return { seeded: false };
    await between();
  }
}

/** How far the demo catalog has loaded; `null` once it is all there (or was never seeded). */
export async function demoCatalogProgress(db: Database): Promise<DemoCatalogProgress | null> {
  const [row] = (
    await db.execute<{ value: string }>(
      sql`select value from app_state where key = ${PROGRESS_KEY}`,
    )
  ).rows;
  if (!row) return null;
  const { loaded, total } = JSON.parse(row.value) as Progress;
  return { loaded, total };
}

/**
 * Table statistics for the planner after a bulk write. PGlite runs no autovacuum: without them it
 * guesses 110 live products of 10,000 and joins a search's few matches against every product
 * (a part number took 140 ms of 10,000 products instead of under 1).
 */
export async function analyzeCatalog(db: Database) {
  await db.execute(
    sql`analyze products, product_attributes, cross_references, brands, categories, price_breaks`,
  );
}
