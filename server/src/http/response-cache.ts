import type { ChangeFeed } from '../db/change-feed.ts';
import { cacheLookups } from '../features/metrics/metrics.ts';
import type { ReplaySource } from './answer-replay.ts';

/**
 * Serialized answers of public reads, kept in memory and dropped when the tables they come from
 * change (docs/decisions/008). Reads are then one Map look-up and one write of ready bytes.
 *
 * Freshness: a change marks every entry stale. The next read of a stale entry waits for a fresh
 * one, except when that key has used up its refresh budget (a burst of `burst`, then `perSecond`):
 * then it gets the stale bytes for at most 1/`perSecond` s. Stock changes on every order, and
 * without the budget each read after each order would be a query again.
 *
 * `maxAgeMs`: an entry read longer ago than that counts as stale too, for changes that send no
 * notification (stock taken by an order, in any process: docs/decisions/014). With
 * `refreshInBackground`, such an entry (stale by age only, not by a change) is still answered
 * while one read refreshes it: answers that cost a broad query (search facets) then cost it once
 * per key and `maxAgeMs`, never on a request's time.
 */
export interface ResponseCache<T = string> {
  /**
   * The value for `key` (a serialized body, unless the cache was made for something else), from
   * memory or from `load` (`undefined`: nothing to keep).
   */
  get(key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /**
   * `get`, with where the value came from: what `sendJson` / `sendText` take so that the answer
   * replay may give the same answer again while it stays fresh here (http/answer-replay.ts).
   * `body` has `load`'s type: a key is always loaded by the same `load`.
   */
  answer<B extends T | undefined>(
    key: string,
    load: () => Promise<B>,
  ): Promise<{ body: B; source: ReplaySource }>;
  /**
   * The value for `key` if memory holds it fresh (no change since it was read, younger than
   * `maxAgeMs`, the feed live), without reading anything: the answer replay's check
   * (http/answer-replay.ts). A stale or missing entry is `undefined`; only `get` refreshes it.
   */
  peek(key: string): T | undefined;
  /** Marks every entry stale (the feed does it on a change; writes in this process do it too). */
  invalidate(): void;
  readonly size: number;
  /** What the bodies kept weigh together (0 without `weigh`). */
  readonly bytes: number;
}

export interface ResponseCacheOptions<T = string> {
  /** Its name in the metrics (`cache_lookups_total{cache}`). */
  name: string;
  feed: ChangeFeed;
  /** The tables whose changes make these answers stale. */
  tables: readonly string[];
  maxEntries?: number;
  /**
   * With `weigh` (a body's bytes), the most the bodies kept may weigh together: past it the oldest
   * keys go, so a cache of large bodies (rendered pages) holds what its bytes allow, not a count.
   */
  maxBytes?: number;
  weigh?: (body: T) => number;
  perSecond?: number;
  burst?: number;
  /** Entries older than this are read again even without a change (undefined: no limit). */
  maxAgeMs?: number;
  /** Past `maxAgeMs`, answer the entry while one read refreshes it (see above). */
  refreshInBackground?: boolean;
  /** Keeps nothing: every `get` loads, `peek` finds nothing (`CATALOG_CACHE=off`: cold reads). */
  off?: boolean;
  now?: () => number;
}

interface Entry<T> {
  body: T | undefined;
  /** The change count the body was read at; older than `version` means stale. */
  version: number;
  /** When the read that gave `body` started. */
  readAt: number;
  loading?: Promise<T | undefined>;
  loadingVersion?: number;
  /** What `body` weighs (`weigh`), counted in the cache's bytes. */
  bytes: number;
  /** Refresh budget (token bucket). */
  tokens: number;
  tokensAt: number;
}

export function createResponseCache<T = string>({
  name,
  feed,
  tables,
  maxEntries = 5000,
  maxBytes = Number.POSITIVE_INFINITY,
  weigh,
  perSecond = 4,
  burst = 5,
  maxAgeMs = Number.POSITIVE_INFINITY,
  refreshInBackground = false,
  off = false,
  now = Date.now,
}: ResponseCacheOptions<T>): ResponseCache<T> {
  const entries = new Map<string, Entry<T>>();
  const hits = cacheLookups.labels({ cache: name, result: 'hit' });
  const misses = cacheLookups.labels({ cache: name, result: 'miss' });
  let version = 0;
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  /** The oldest keys out (Map keeps insertion order) until the bodies fit; `keep` stays. */
  const fitBytes = (keep: Entry<T>) => {
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) return;
      if (entry !== keep) drop(key);
    }
  };
  const invalidate = () => {
    version++;
  };
  feed.subscribe((table) => {
    if (table === '*' || tables.includes(table)) invalidate();
  });

  const takeToken = (entry: Entry<T>) => {
    const at = now();
    entry.tokens = Math.min(burst, entry.tokens + ((at - entry.tokensAt) / 1000) * perSecond);
    entry.tokensAt = at;
    if (entry.tokens < 1) return false;
    entry.tokens -= 1;
    return true;
  };

  const refresh = (key: string, entry: Entry<T>, load: () => Promise<T | undefined>) => {
    if (entry.loading && entry.loadingVersion === version) return entry.loading;
    const readAt = version;
    const startedAt = now();
    const loading = load().then(
      (body) => {
        if (entry.loading === loading) entry.loading = undefined;
        if (body === undefined) {
          if (entries.get(key) === entry) drop(key);
        } else if (
          readAt > entry.version ||
          (readAt === entry.version && startedAt >= entry.readAt)
        ) {
          entry.body = body;
          entry.version = readAt;
          entry.readAt = startedAt;
          if (weigh && entries.get(key) === entry) {
            const weight = weigh(body);
            bytes += weight - entry.bytes;
            entry.bytes = weight;
            fitBytes(entry);
          }
        }
        return body;
      },
      (error: unknown) => {
        if (entry.loading === loading) entry.loading = undefined;
        throw error;
      },
    );
    entry.loading = loading;
    entry.loadingVersion = readAt;
    return loading;
  };

  const cache: ResponseCache<T> = {
    async answer<B extends T | undefined>(key: string, load: () => Promise<B>) {
      const body = (await cache.get(key, load)) as B;
      return { body, source: { cache, key, body } };
    },
    get(key, load) {
      // Not hearing changes: nothing in memory can be trusted.
      if (off || !feed.live) {
        misses.inc();
        return load();
      }
      let entry = entries.get(key);
      if (entry?.version === version && entry.body !== undefined) {
        if (now() - entry.readAt < maxAgeMs) {
          hits.inc();
          return Promise.resolve(entry.body);
        }
        if (refreshInBackground) {
          hits.inc();
          // A failed background read keeps the old answer; the next request past the age tries again.
          if (!entry.loading) refresh(key, entry, load).catch(() => {});
          return Promise.resolve(entry.body);
        }
      }
      if (!entry) {
        if (entries.size >= maxEntries) {
          // The oldest key goes (Map keeps insertion order): a bounded cache whatever the keys.
          const oldest = entries.keys().next();
          if (!oldest.done) drop(oldest.value);
        }
        entry = {
          body: undefined,
          version: -1,
          readAt: 0,
          bytes: 0,
          tokens: burst,
          tokensAt: now(),
        };
        entries.set(key, entry);
        misses.inc();
        return refresh(key, entry, load);
      }
      // Already being read since the last change (or since it grew too old): wait for that read.
      if (entry.loading && entry.loadingVersion === version) {
        misses.inc();
        return entry.loading;
      }
      if (entry.body !== undefined && !takeToken(entry)) {
        hits.inc();
        return Promise.resolve(entry.body);
      }
      misses.inc();
      return refresh(key, entry, load);
    },
    peek(key) {
      if (off || !feed.live) return undefined;
      const entry = entries.get(key);
      if (entry?.version !== version || now() - entry.readAt >= maxAgeMs) return undefined;
      if (entry.body !== undefined) hits.inc();
      return entry.body;
    },
    invalidate,
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
  return cache;
}
