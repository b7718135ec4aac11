import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { replicaReads } from '../features/metrics/metrics.ts';
import type { ChangeFeed } from './change-feed.ts';
import { type Database, listenForPoolErrors, poolSettings } from './client.ts';
import { postgresErrorOf } from './pg-errors.ts';
import { schema } from './schema.ts';
import { isDatabaseUnavailable, withDeadline } from './unavailable.ts';

/** How often a replica marked down is asked again. */
export const REPLICA_PROBE_MS = 5000;

/** The most a replica may lag before its reads go to the primary (for changes that notify no one). */
export const REPLICA_MAX_LAG_MS = 5000;

/** A replica behind the primary is asked again for its replay position after this, not sooner. */
const REPLAY_RECHECK_MS = 20;

/**
 * `DATABASE_READ_URL` (decision 025): a PostgreSQL hot standby that answers the public catalog's
 * reads (catalog lists and search, products, brands, categories, vehicles, fitment, reviews, the
 * sitemap). Everything else keeps `app.db`, the primary: every write, every read inside a write,
 * a buyer's orders, cart, garage and companies, admin reads.
 *
 * `db` runs each query on the replica, or on the primary when the replica
 * - is out of reach (down, refusing, hung): marked down, reads go to the primary, the replica is
 *   probed every `probeMs` and used again once it answers (and has caught up);
 * - cancelled the query for a conflict with recovery (the primary vacuumed rows it needed);
 * - has not yet replayed a change this process heard of: on each notification of the change feed
 *   (and each write of this process) the router takes the primary's WAL position, and reads go to
 *   the primary until the replica has replayed past it. So a cache refilled after a change never
 *   refills from a replica that has not seen it. Changes that notify no one (stock taken by an
 *   order, decision 014) are bounded too: every `maxLagMs` the primary's position is taken the
 *   same way, so a replica that lags more than that answers nothing until it catches up.
 */
export interface ReadReplica {
  /** Reads for the public catalog: the replica, or the primary when the replica cannot serve. */
  readonly db: Database;
  /** False while the replica is marked down (reads on the primary). */
  readonly up: boolean;
  /** Asks the replica now (within `deadlineMs`); marks it down or up accordingly. */
  check(deadlineMs: number): Promise<boolean>;
  /** Hears the primary's change feed (never the replica's: notifications are not replicated). */
  follow(feed: ChangeFeed, log: FastifyBaseLogger): void;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  url: string;
  /** The primary: the fallback, and whose WAL position the replica must reach. */
  primary: Database;
  /** `DATABASE_TIMEOUT_MS`: the same bounds as the primary's pool (decision 015). */
  timeoutMs: number;
  probeMs?: number;
  maxLagMs?: number;
}

/** A WAL position (`16/B374D848`) as a number that compares. */
export function parseLsn(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** Larger than any WAL position: "unknown, do not trust the replica". */
const UNKNOWN_LSN = 1n << 64n;

/** Tables that notify but that no read of the replica reads. */
const PRIMARY_ONLY_TABLES = new Set(['user', 'session']);

type Reason = 'replica' | 'down' | 'behind' | 'conflict';

/** A hot standby cancels a query whose rows the primary's replayed vacuum removed (40001). */
const isRecoveryConflict = (error: unknown) => {
  const found = postgresErrorOf(error);
  return found?.code === '40001' && /conflict with recovery/i.test(found.message);
};

/** Out of reach, not a slow query: a statement timeout (57014) would be as slow on the primary. */
const isReplicaUnreachable = (error: unknown) =>
  isDatabaseUnavailable(error) && postgresErrorOf(error)?.code !== '57014';

export async function openReadReplica(options: ReadReplicaOptions): Promise<ReadReplica> {
  const { primary, probeMs = REPLICA_PROBE_MS, maxLagMs = REPLICA_MAX_LAG_MS } = options;
  const primaryPool = (primary as unknown as { $client: pg.Pool }).$client;
  const pool = new pg.Pool({
    ...poolSettings(options.url, options.timeoutMs),
    // A replica out of reach costs a read this long once, before it is marked down.
    connectionTimeoutMillis: Math.min(1000, Math.round(options.timeoutMs / 2)),
    application_name: 'proper-parts-read',
  });
  listenForPoolErrors(pool);
  const onReplica = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const onPrimary = primaryPool.query.bind(primaryPool) as (
    ...args: unknown[]
  ) => Promise<pg.QueryResult>;

  let log: FastifyBaseLogger | undefined;
  let up = true;
  let closed = false;

  /** The primary's WAL position the replica must have replayed before it answers. */
  let required = 0n;
  /** What the replica had replayed when last asked (UNKNOWN_LSN: not a standby, always current). */
  let replayed = 0n;
  let replayAskedAt = 0;
  let asking: Promise<void> | undefined;
  let raising: Promise<void> | undefined;
  let raiseAgain = false;

  const markDown = (error: unknown) => {
    if (!up) return;
    up = false;
    log?.warn({ err: error }, 'read replica out of reach: catalog reads go to the primary');
  };
  const markUp = () => {
    if (up) return;
    up = true;
    log?.info('read replica answers again: catalog reads go back to it once it has caught up');
    raise();
  };

  /** Takes the primary's WAL position now, and again if a change is heard meanwhile. */
  const raise = () => {
    if (raising) {
      raiseAgain = true;
      return;
    }
    raising = (async () => {
      do {
        raiseAgain = false;
        try {
          const { rows } = await onPrimary('select pg_current_wal_flush_lsn()::text as lsn');
          const lsn = parseLsn(String(rows[0]?.lsn));
          required = required === UNKNOWN_LSN || lsn > required ? lsn : required;
        } catch {
          // Unknown: the replica is not trusted until the next position is taken.
          required = UNKNOWN_LSN;
        }
      } while (raiseAgain && !closed);
      raising = undefined;
    })();
  };

  const askReplay = () => {
    asking ??= (async () => {
      try {
        const { rows } = await onReplica(
          'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn',
        );
        const row = rows[0] as { standby: boolean; lsn: string | null } | undefined;
        replayed = row?.standby && row.lsn ? parseLsn(row.lsn) : UNKNOWN_LSN - 1n;
      } catch (error) {
        if (isReplicaUnreachable(error)) markDown(error);
      } finally {
        replayAskedAt = Date.now();
        asking = undefined;
      }
    })();
    return asking;
  };

  /** Where the next read goes, and why. */
  const route = async (): Promise<Reason> => {
    if (!up) return 'down';
    if (raising) return 'behind';
    if (replayed >= required) return 'replica';
    if (asking) await asking;
    else if (Date.now() - replayAskedAt >= REPLAY_RECHECK_MS) await askReplay();
    if (!up) return 'down';
    return replayed >= required ? 'replica' : 'behind';
  };

  const routedQuery = async (...args: unknown[]) => {
    const reason = await route();
    if (reason !== 'replica') {
      replicaReads.inc({ answered_by: 'primary', reason });
      return onPrimary(...args);
    }
    try {
      const result = await onReplica(...args);
      replicaReads.inc({ answered_by: 'replica', reason: 'ok' });
      return result;
    } catch (error) {
      let fallback: Reason;
      if (isRecoveryConflict(error)) fallback = 'conflict';
      else if (isReplicaUnreachable(error)) fallback = 'down';
      else throw error;
      if (fallback === 'down') markDown(error);
      replicaReads.inc({ answered_by: 'primary', reason: fallback });
      return onPrimary(...args);
    }
  };
  // Every query of `db` (drizzle's, `queryNamed`'s) goes through the pool's `query`; transactions
  // take a client of the replica (`connect`) and are read-only there, which is what they are for.
  pool.query = routedQuery as typeof pool.query;

  const check = async (deadlineMs: number) => {
    try {
      await withDeadline(onReplica('select 1'), deadlineMs);
      markUp();
    } catch (error) {
      markDown(error);
    }
    return up;
  };

  const timers = [
    setInterval(() => {
      if (!up) void check(options.timeoutMs);
    }, probeMs),
    setInterval(() => {
      if (up) raise();
    }, maxLagMs),
  ];
  for (const timer of timers) timer.unref();

  await check(options.timeoutMs);
  return {
    db: drizzle(pool, { schema }) as unknown as Database,
    get up() {
      return up;
    },
    check,
    follow(feed, logger) {
      log = logger;
      if (!up) logger.warn('read replica out of reach at start: catalog reads go to the primary');
      // A change of what the replica serves, a write of this process, '*' after the feed
      // reconnects. Sign-ins and sessions are read on the primary only: they need no wait.
      feed.subscribe((table) => {
        if (!PRIMARY_ONLY_TABLES.has(table)) raise();
      });
      raise();
    },
    async close() {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      await pool.end().catch(() => {});
    },
  };
}
