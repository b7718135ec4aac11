import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll } from 'vitest';
import type { TestApp } from './helper.ts';
import type { Run } from './migrations-before.ts';

type Digest = Record<string, string>;

/**
 * The orders' status counts are two tables that a background fold moves rows between (migration
 * 0015): the fold changes neither count, so they are fingerprinted as the counts they add up to.
 */
const FOLDED = ['order_status_days', 'order_status_deltas'];
const ORDER_STATUS_COUNTS = 'order status counts';
const ORDER_STATUS_COUNTS_QUERY = `select '${ORDER_STATUS_COUNTS}' as name, count(*)::int as n,
  md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
  from (select day, status, sum(orders) as orders, sum(total_cents) as total_cents
    from (select day, status, orders, total_cents from order_status_days
      union all select day, status, orders, total_cents from order_status_deltas) counted
    group by day, status having sum(orders) <> 0 or sum(total_cents) <> 0) t`;

/** Where `tablesTouched` notes the tables a statement wrote (not itself fingerprinted). */
const TOUCHED = 'pp_test_touched';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`;

const tablesOf = new WeakMap<TestApp, Promise<string[]>>();

/** The app schema's tables (listed once per app). Drizzle's migration journal lives in another schema. */
function tablesOfApp(app: TestApp): Promise<string[]> {
  let tables = tablesOf.get(app);
  if (!tables) {
    tables = app.db
      .execute(
        sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${TOUCHED}
          order by table_name`,
      )
      .then(({ rows }) => (rows as { name: string }[]).map(({ name }) => name));
    tablesOf.set(app, tables);
  }
  return tables;
}

/** `Run` on the app's database (the watcher's own connection is another). */
const onApp =
  (app: TestApp): Run =>
  async (query) =>
    ((await app.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The fingerprints of `names` (table names, or ORDER_STATUS_COUNTS), in one statement. */
async function fingerprints(run: Run, names: string[]): Promise<Digest> {
  if (names.length === 0) return {};
  const query = names
    .map((name) =>
      name === ORDER_STATUS_COUNTS
        ? ORDER_STATUS_COUNTS_QUERY
        : `select ${literal(name)} as name, count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${quoted(name)} t`,
    )
    .join(' union all ');
  const rows = (await run(query)) as { name: string; n: number; md5: string }[];
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n} rows, md5 ${r.md5}`]));
}

/** What is fingerprinted for each table: the folded pair as the counts they add up to. */
const fingerprintOf = (tables: string[]) => [
  ...new Set(tables.map((name) => (FOLDED.includes(name) ? ORDER_STATUS_COUNTS : name))),
];

/**
 * A fingerprint of every table of the app's schema: its row count and the md5 of its rows in
 * order. Two equal digests mean no row was added, changed or removed in between; a difference
 * names the table.
 */
export async function databaseDigest(app: TestApp): Promise<Digest> {
  return fingerprints(onApp(app), fingerprintOf(await tablesOfApp(app)));
}

/** The tables whose fingerprint differs between two digests. */
export function tablesChanged(before: Digest, after: Digest) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}

/**
 * `databaseDigest` compared call after call, at the cost of the tables written in between only:
 * a trigger on every table notes each statement that inserts, updates, deletes or truncates
 * (whether or not it changed a row), and only the tables noted are fingerprinted again. A change
 * cannot bypass the note (it commits or rolls back with the write), so the answer is the same as
 * comparing whole digests: the tables whose rows differ from the last call's.
 */
export async function watchTables(app: TestApp): Promise<() => Promise<string[]>> {
  const tables = await tablesOfApp(app);
  await app.db.execute(sql.raw(`create table ${TOUCHED} (name text not null)`));
  await app.db.execute(
    sql.raw(`create function pp_test_note_touched() returns trigger language plpgsql as $$
      begin insert into ${TOUCHED} values (TG_TABLE_NAME); return null; end $$`),
  );
  for (const table of tables) {
    await app.db.execute(
      sql.raw(`create trigger pp_test_touched after insert or update or delete or truncate
        on ${quoted(table)} for each statement execute function pp_test_note_touched()`),
    );
  }
  const statements = await statementEvents(app);
  // The baseline on the connection the checks use (the same session settings for `::text`).
  let last = await fingerprints(statements.uncounted, fingerprintOf(tables));
  let eventsAtLastCall: number | undefined;
  return async function changedSinceLastCall() {
    // No statement sent since the last call (nor answered during it), and none still running on
    // the server: nothing can have changed.
    if (statements.events() === eventsAtLastCall && statements.settled()) return [];
    eventsAtLastCall = statements.events();
    const touched = (await statements.uncounted(`delete from ${TOUCHED} returning name`)) as {
      name: string;
    }[];
    const now = await fingerprints(
      statements.uncounted,
      fingerprintOf(touched.map(({ name }) => name)),
    );
    const changed = Object.keys(now).filter((name) => now[name] !== last[name]);
    last = { ...last, ...now };
    return changed;
  };
}

type Send = (...args: unknown[]) => unknown;

/**
 * A count that moves when a statement is sent to the database and again when its answer is back,
 * but for the watcher's own (`uncounted`). On PGlite every query, exec and transaction goes
 * through the client's `execProtocolStream` (the watcher's are told apart by their async
 * context); on PostgreSQL through `pg.Client#query`, of the pool's clients and any other this
 * process opens (put back after the file; the watcher has a connection of its own). A count
 * unchanged since the last check means no statement ran, so no row can have changed: the junk
 * sweep skips most of its 32,000 checks (0.3 ms each). A statement still running during a check
 * moves the count when it ends, so the next check runs. On PostgreSQL the client may give up on
 * an answer the server is still working on (its query timeout); `settled` is false until every
 * client seen has heard the server finish (pg's `_activeQuery` and `_queryQueue`; any client
 * without them counts as busy). A listener of PGlite's notifications runs in the context of the
 * statement that delivered them: one that sent SQL during a check would go uncounted (today's
 * listeners only empty caches).
 */
async function statementEvents(
  app: TestApp,
): Promise<{ events: () => number; settled: () => boolean; uncounted: Run }> {
  let events = 0;
  const answered = () => {
    events++;
  };
  /** `send` counted (unless `mine`): a promise's end, a callback's call, or a stream's end. */
  const counted = (send: Send, mine: (self: unknown) => boolean) =>
    function (this: unknown, ...args: unknown[]) {
      if (mine(this)) return send.apply(this, args);
      events++;
      const callback = args.findIndex((arg) => typeof arg === 'function');
      if (callback >= 0) {
        const then = args[callback] as Send;
        args[callback] = (...answer: unknown[]) => {
          answered();
          return then(...answer);
        };
        return send.apply(this, args);
      }
      const result = send.apply(this, args) as {
        then?: (done: () => void, failed: () => void) => unknown;
        once?: (event: string, listener: () => void) => unknown;
      };
      if (typeof result?.then === 'function') result.then(answered, answered);
      else if (typeof result?.once === 'function') {
        result.once('end', answered);
        result.once('error', answered);
      }
      return result;
    };
  if (app.dbKind === 'pglite') {
    const client = (app.db as unknown as { $client: { execProtocolStream: Send } }).$client;
    const watching = new AsyncLocalStorage<true>();
    client.execProtocolStream = counted(client.execProtocolStream.bind(client), () =>
      Boolean(watching.getStore()),
    );
    return {
      events: () => events,
      settled: () => true,
      uncounted: (query) => watching.run(true, onApp(app), query),
    };
  }
  const pool = (app.db as unknown as { $client: pg.Pool }).$client;
  const own = new pg.Client({
    connectionString: pool.options.connectionString,
    statement_timeout: pool.options.statement_timeout,
    query_timeout: pool.options.query_timeout,
  });
  own.on('error', () => {});
  await own.connect();
  type ClientState = { _activeQuery?: unknown; _queryQueue?: unknown[] };
  const clients = new Set<ClientState>();
  const prototype = pg.Client.prototype as unknown as { query: Send };
  const query = prototype.query;
  prototype.query = counted(query, (self) => {
    if (self === own) return true;
    clients.add(self as ClientState);
    return false;
  });
  afterAll(async () => {
    prototype.query = query;
    await own.end();
  });
  return {
    events: () => events,
    settled: () =>
      [...clients].every(
        (client) =>
          client._activeQuery === null &&
          Array.isArray(client._queryQueue) &&
          client._queryQueue.length === 0,
      ),
    uncounted: async (text) => (await own.query(text)).rows,
  };
}
