import type { FastifyInstance } from 'fastify';
import { createResponseCache, type ResponseCache } from '../../http/response-cache.ts';
import { LOCAL_WRITE } from '../../plugins/change-feed.ts';

/**
 * How old a vehicle or fitment answer may be before it is read again (in the background: the old
 * one is answered meanwhile). Vehicles and fitments change only by the fitment import and the
 * demo seed; neither table notifies (migration 0012 gave them no trigger, and a NOTIFY per import
 * batch would wake every cache of every process for rows few answers hold). An import in this
 * process is a write request, whose LOCAL_WRITE drops these answers at once; one in another
 * process (the CLI's seed, a second server) shows within this age. A product deleted or edited
 * notifies `products`, so its fitment answer goes at once.
 */
export const FITMENT_MAX_AGE_MS = 60_000;

// Keyed by the change feed: every plugin scope of one app shares it.
const caches = new WeakMap<object, ResponseCache>();

/** One cache of the selector's and the product fitment's answers per app. */
export function fitmentCache(app: FastifyInstance): ResponseCache {
  let cache = caches.get(app.changes);
  if (!cache) {
    cache = createResponseCache({
      name: 'fitment',
      feed: app.changes,
      tables: ['vehicles', 'fitments', 'products', LOCAL_WRITE],
      // A selector answer is < 2 KB, a page of applications < 40 KB: at most ~40 MB held.
      maxEntries: 2_000,
      maxAgeMs: FITMENT_MAX_AGE_MS,
      refreshInBackground: true,
    });
    caches.set(app.changes, cache);
  }
  return cache;
}
