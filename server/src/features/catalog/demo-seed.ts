import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appState, products, reviews } from '../../db/schema.ts';
import { demoProducts, demoReviews } from './demo-catalog.ts';

const SEEDED_KEY = 'demo_catalog_seeded';

/**
 * Seeds the demo catalog once per database. The marker row and the products go in one
 * transaction, so a crash or a second process never leaves a half or double catalog, and a
 * catalog the admin emptied on purpose is not refilled at the next start.
 */
export async function seedDemoCatalog(db: Database): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(appState)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appState.key });
    if (marked.length === 0) return { seeded: false };
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(products);
    if (count > 0) return { seeded: false };

    // The original shop's six go in last, a second apart, so that "newest first" shows them as
    // the featured six, in the reverse order the original shop listed them.
    const ordered = [...demoProducts.slice(6), ...demoProducts.slice(0, 6)];
    const start = Date.now() - ordered.length * 1000;
    await tx.insert(products).values(
      ordered.map(({ slug: _slug, ...product }, index) => ({
        ...product,
        createdAt: new Date(start + index * 1000),
      })),
    );
    await tx.insert(reviews).values(
      demoReviews.map((review, index) => ({
        ...review,
        createdAt: new Date(start + index * 1000),
      })),
    );
    return { seeded: true };
  });
}
