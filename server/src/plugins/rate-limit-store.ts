import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];
type StoreRouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** The plugin's own stores (CommonJS, untyped paths): the same counting with and without Redis. */
interface PluginStore extends FastifyRateLimitStore {
  child(routeOptions: StoreRouteOptions): PluginStore;
}
const requireStore = createRequire(import.meta.url);
const RedisStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginStore = requireStore('@fastify/rate-limit/store/RedisStore.js');
const LocalStore: new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => PluginStore = requireStore('@fastify/rate-limit/store/LocalStore.js');

/**
 * A client for the rate-limit counters that never makes a request wait for Redis: no queue while
 * disconnected (a command fails at once), a second at most per command, reconnecting in the
 * background (docs/decisions/012).
 */
export async function connectRateLimitRedis(url: string, log: FastifyBaseLogger) {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 200, 5_000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: error.message },
      'Redis unreachable: rate limits count per process until it answers',
    );
  });
  redis.on('ready', () => {
    if (down) log.info('Redis answers again: rate limits count across processes');
    down = false;
  });
  // Start counting in Redis from the first request when it is there; never wait long when not.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2_000);
    redis.once('ready', done).once('error', done);
  });
  return redis;
}

/**
 * Counts in Redis, so a limit holds across every process of the shop; while Redis does not answer,
 * each process counts on its own, exactly as without REDIS_URL (neither open nor closed).
 */
export function redisStoreWithLocalFallback(redis: Redis, prefix: string) {
  class RedisWithLocalFallback implements PluginStore {
    constructor(
      private readonly shared: PluginStore,
      private readonly local: PluginStore,
    ) {}
    incr(key: string, counted: Counted, timeWindow: number, max: number) {
      if (redis.status !== 'ready') return this.local.incr(key, counted, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) =>
          error ? this.local.incr(key, counted, timeWindow, max) : counted(null, result),
        timeWindow,
        max,
      );
    }
    child(routeOptions: StoreRouteOptions) {
      return new RedisWithLocalFallback(
        this.shared.child(routeOptions),
        this.local.child(routeOptions),
      );
    }
  }
  return class extends RedisWithLocalFallback {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, `${prefix}rate-limit:`),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  } satisfies FastifyRateLimitStoreCtor;
}
