import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DatabaseKind } from './client.ts';

/** The channel the `pp_notify_change` trigger (migration 0003_speed) notifies, with the table name. */
export const CHANGES_CHANNEL = 'pp_changes';

/**
 * Tells in-process caches which tables were written, by anyone: this process, another process on
 * the same PostgreSQL, the CLI. Fed by a trigger on the tables, heard with LISTEN on a dedicated
 * connection (PostgreSQL) or on the embedded engine itself (PGlite).
 *
 * While the feed cannot hear (the connection dropped, not yet listening), `live` is false and
 * caches must not serve; when it hears again, listeners get `'*'` (notifications may have been
 * missed, so everything counts as changed).
 */
export interface ChangeFeed {
  readonly live: boolean;
  /** `table` is a table name, or `'*'` for "anything may have changed". */
  subscribe(listener: (table: string) => void): void;
  /** Tells this process's listeners only (a write this process just made). */
  emit(table: string): void;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  db: Database;
  kind: DatabaseKind;
  log: FastifyBaseLogger;
  /** First wait before reconnecting; doubles up to 5 s. */
  retryMs?: number;
}

export async function openChangeFeed(options: ChangeFeedOptions): Promise<ChangeFeed> {
  const listeners: ((table: string) => void)[] = [];
  const emit = (table: string) => {
    for (const listener of listeners) listener(table);
  };
  const feed = {
    live: false,
    subscribe: (listener: (table: string) => void) => void listeners.push(listener),
    emit,
    close: async () => {},
  };
  const client = (options.db as unknown as { $client: unknown }).$client;
  if (options.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(CHANGES_CHANNEL, emit);
    feed.live = true;
    feed.close = async () => {
      feed.live = false;
      await unlisten().catch(() => {});
    };
    return feed;
  }
  const connection = (client as pg.Pool).options;
  return listenOnPostgres(feed, connection, emit, options);
}

async function listenOnPostgres(
  feed: ChangeFeed & { live: boolean; close: () => Promise<void> },
  connection: pg.PoolConfig,
  emit: (table: string) => void,
  { log, retryMs = 100 }: ChangeFeedOptions,
): Promise<ChangeFeed> {
  let closed = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wait = retryMs;

  const connect = async () => {
    const listener = new pg.Client({ ...connection, keepAlive: true });
    current = listener;
    const lost = (reason: unknown) => {
      if (current !== listener) return;
      current = undefined;
      feed.live = false;
      emit('*');
      listener.end().catch(() => {});
      if (closed) return;
      log.warn(
        { err: reason },
        'change feed lost its connection; caches bypassed until it is back',
      );
      timer = setTimeout(() => void connect(), wait);
      wait = Math.min(wait * 2, 5000);
    };
    listener.on('error', lost);
    listener.on('end', () => lost(new Error('connection ended')));
    listener.on('notification', (message) => emit(message.payload ?? '*'));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (closed || current !== listener) return;
      wait = retryMs;
      feed.live = true;
      // Whatever was written while we were not listening is unknown: start afresh.
      emit('*');
    } catch (error) {
      lost(error);
    }
  };

  await connect();
  feed.close = async () => {
    closed = true;
    feed.live = false;
    clearTimeout(timer);
    const listener = current;
    current = undefined;
    await listener?.end().catch(() => {});
  };
  return feed;
}
