import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import {
  IDEMPOTENCY_NOTE,
  idempotencyHeaders,
  idempotencyMessages,
} from '@proper-parts/domain/idempotency';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { postgresErrorOf } from '../db/pg-errors.ts';
import { AppError } from '../errors.ts';
import { routeMayWrite } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route creates something a retry could create twice (an order, a quote, a payment,
     * lines in a cart): it answers through `answerOnce`, which honours `Idempotency-Key`.
     */
    idempotent?: true;
  }
}

/** How long a key is remembered: a retry after that creates again. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** A route that declares `idempotent` documents the header, and validates it, without saying so. */
export function registerIdempotentRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (!routeMayWrite(route)) throw new Error(`${route.url}: a read has nothing to answer once`);
    route.schema ??= {};
    const schema = route.schema as { headers?: unknown; description?: string };
    schema.headers ??= idempotencyHeaders;
    schema.description = schema.description
      ? `${schema.description} ${IDEMPOTENCY_NOTE}`
      : IDEMPOTENCY_NOTE;
  });
}

/** What a creating route does, in three steps `answerOnce` runs in order. */
export interface Creation<Created, Answer> {
  /** Writes, on `db`: with a key, the transaction that also stores the answer. */
  create(db: Database): Promise<Created>;
  /** The answer's body, as the route's response schema sends it. */
  answer(created: Created): Answer;
  /** What follows a first creation once it has committed (mails); never on a replay. */
  after?(created: Created): unknown;
}

interface KeyedRequest {
  userId: string;
  key: string;
  /** `POST /api/v1/orders/<id>/reorder`: a key belongs to the one address it was sent to. */
  route: string;
  requestHash: string;
}

interface StoredAnswer {
  route: string;
  requestHash: string;
  statusCode: number | null;
  answer: string | null;
}

/**
 * Answers a creating request once per `Idempotency-Key` (issues 15 and 31). Without a key, it
 * creates and answers. With one, a single transaction claims the key (caller, key), creates,
 * and stores the answer as sent, so a commit whose answer was lost (a 503 while the database's
 * answers were held back, a dropped connection) still has it for the retry. The same key and
 * body later answer that answer again (status and body, `Idempotent-Replayed: true`), and
 * create nothing; another body, or another address, is refused with 422. Retries racing with
 * one key wait on its claim: the first creates, the others answer its answer. A refused
 * request stores nothing (its transaction rolls back): trying it again is safe. Keys are per
 * caller: another user's same key is another key.
 */
export async function answerOnce<Created, Answer>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  creation: Creation<Created, Answer>,
): Promise<Answer> {
  if (!request.routeOptions.config.idempotent)
    throw new Error(`${request.routeOptions.url} answers once per key: declare config.idempotent`);
  const keyed = keyedRequest(request);
  if (!keyed) {
    const created = await creation.create(db);
    const answer = creation.answer(created);
    await creation.after?.(created);
    return answer;
  }
  const outcome = await inTransaction(db, async (tx): Promise<Outcome<Created, Answer>> => {
    const earlier = await claimKey(tx, keyed);
    if (earlier) {
      refuseAnotherRequest(earlier, keyed);
      return { earlier };
    }
    const created = await creation.create(tx);
    const answer = creation.answer(created);
    await tx.execute(
      sql`update idempotency_keys set status_code = ${reply.statusCode},
          answer = ${reply.serialize(answer)}
        where user_id = ${keyed.userId} and key = ${keyed.key}`,
    );
    return { created, answer };
  });
  if (outcome.earlier) {
    const { statusCode, answer } = outcome.earlier;
    reply.code(statusCode as number).header('idempotent-replayed', 'true');
    return JSON.parse(answer as string) as Answer;
  }
  purgeExpiredKeys(db).catch((error: unknown) =>
    request.log.warn({ err: error }, 'expired idempotency keys not purged'),
  );
  await creation.after?.(outcome.created);
  return outcome.answer;
}

type Outcome<Created, Answer> =
  | { earlier: StoredAnswer }
  | { earlier?: never; created: Created; answer: Answer };

/** PostgreSQL chose the transaction to break a deadlock: it did nothing, and may run again. */
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

/**
 * Runs `work` in a transaction, again when PostgreSQL ended it to break a deadlock (checkouts
 * of the same parts at once, bench checkout): the statement's own retry cannot run inside it.
 */
async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Database));
    } catch (error) {
      if (postgresErrorOf(error)?.code !== DEADLOCK) throw error;
      if (attempt >= ATTEMPTS) throw new AppError('CONFLICT', idempotencyMessages.busy);
    }
  }
}

/** The header checked; `undefined` when the caller sent none (the spec's clients). */
function keyedRequest(request: FastifyRequest): KeyedRequest | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_FORMAT.test(header))
    throw new AppError('INVALID', idempotencyMessages.badKey);
  const userId = request.actor?.id;
  if (!userId) throw new Error('an idempotent route needs a signed-in caller');
  return {
    userId,
    key: header,
    route: `${request.method} ${request.url.split('?')[0]}`,
    requestHash: hashOf(request.body),
  };
}

/** The body with every object's keys in order: the same request hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.entries(value)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, inner]) => [key, canonical(inner)]);
}

const hashOf = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body ?? {})))
    .digest('hex');

/**
 * Claims the key for this transaction, or answers what an earlier request with it answered. An
 * insert that meets another transaction's claim waits for its end: committed, its answer is
 * read here; rolled back, this claim goes through. A key older than the window is claimed anew.
 */
async function claimKey(tx: Database, keyed: KeyedRequest): Promise<StoredAnswer | undefined> {
  const { userId, key, route, requestHash } = keyed;
  const claimed = await tx.execute(
    sql`insert into idempotency_keys (user_id, key, route, request_hash)
      values (${userId}, ${key}, ${route}, ${requestHash})
      on conflict (user_id, key) do update set route = excluded.route,
        request_hash = excluded.request_hash, status_code = null, answer = null, created_at = now()
      where idempotency_keys.created_at
        <= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
      returning 1 as claimed`,
  );
  if (claimed.rows.length > 0) return undefined;
  const [stored] = (
    await tx.execute(
      sql`select route, request_hash as "requestHash", status_code as "statusCode", answer
        from idempotency_keys where user_id = ${userId} and key = ${key}`,
    )
  ).rows as unknown as StoredAnswer[];
  if (!stored || stored.answer === null || stored.statusCode === null)
    throw new AppError('CONFLICT', idempotencyMessages.notSettled);
  return stored;
}

/** The key's earlier answer is this request's only when sent to the same address, same body. */
function refuseAnotherRequest(stored: StoredAnswer, keyed: KeyedRequest) {
  if (stored.route !== keyed.route || stored.requestHash !== keyed.requestHash)
    throw new AppError('UNPROCESSABLE', idempotencyMessages.keyReused);
}

/** What `answerStreamOnce` did: created (`answer`), or found the key's earlier answer, as sent. */
export type StreamOutcome<Answer> =
  | { answer: Answer; earlier?: never }
  | { earlier: { statusCode: number; body: string }; answer?: never };

/** Passes the body on, hashing it; stopped early, the reader leaves the rest of it to be read. */
async function* hashing(body: Readable, hash: Hash): AsyncGenerator<Buffer> {
  for await (const chunk of body.iterator({ destroyOnReturn: false })) {
    hash.update(chunk as Buffer);
    yield chunk as Buffer;
  }
}

/** Reads what is left of the body into the hash. */
async function hashRest(body: Readable, hash: Hash) {
  for await (const chunk of body) hash.update(chunk as Buffer);
}

/**
 * Issue 36: `answerOnce` for a creating request whose body streams in (a CSV import that adds
 * purchase orders): its hash is known only once it is read. With a key, one transaction claims it
 * first. A new key's `create` runs in that transaction, reading the body through a stream that
 * hashes it; the answer is stored with the body's hash before the commit, so a retry after a lost
 * answer finds it. A key already answered reads this body to its end and answers that answer
 * again (nothing created) when the two bodies hash the same; another body or address is a 422.
 * No retry after a deadlock, unlike `answerOnce`: the body cannot be read twice. Answers
 * undefined, having done nothing, when the request carries no key.
 */
export async function answerStreamOnce<Answer>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable,
  create: (tx: Database, body: Readable) => Promise<Answer>,
): Promise<StreamOutcome<Answer> | undefined> {
  if (!request.routeOptions.config.idempotent)
    throw new Error(`${request.routeOptions.url} answers once per key: declare config.idempotent`);
  const keyed = keyedRequest(request);
  if (!keyed) return undefined;
  const hash = createHash('sha256');
  const outcome = await db.transaction(async (transaction): Promise<StreamOutcome<Answer>> => {
    const tx = transaction as unknown as Database;
    // Between its statements the transaction waits on the client's upload: longer than the pool's
    // bound on a transaction left idle (decision 015), still bounded.
    await tx.execute(sql`set local idle_in_transaction_session_timeout = '60s'`);
    // Claimed before the body is read: its hash is written with the answer.
    const earlier = await claimKey(tx, { ...keyed, requestHash: '' });
    if (earlier) {
      if (earlier.route === keyed.route) await hashRest(body, hash);
      refuseAnotherRequest(earlier, { ...keyed, requestHash: hash.digest('hex') });
      return {
        earlier: { statusCode: earlier.statusCode as number, body: earlier.answer as string },
      };
    }
    const hashed = Readable.from(hashing(body, hash), { objectMode: false });
    const answer = await create(tx, hashed);
    // Stopped early, the reader's stream closes once `hashing` has let go of the body.
    if (!hashed.closed) await once(hashed, 'close');
    if (!body.readableEnded) await hashRest(body, hash);
    await tx.execute(
      sql`update idempotency_keys set request_hash = ${hash.digest('hex')},
          status_code = ${reply.statusCode}, answer = ${reply.serialize(answer)}
        where user_id = ${keyed.userId} and key = ${keyed.key}`,
    );
    return { answer };
  });
  if (outcome.answer !== undefined)
    purgeExpiredKeys(db).catch((error: unknown) =>
      request.log.warn({ err: error }, 'expired idempotency keys not purged'),
    );
  return outcome;
}

let createdSincePurge = 0;

/** Forgets keys older than the window; run every 500 keyed creations, not on every one. */
export async function purgeExpiredKeys(db: Database, force = false) {
  createdSincePurge += 1;
  if (!force && createdSincePurge < 500) return;
  createdSincePurge = 0;
  await db.execute(
    sql`delete from idempotency_keys
      where created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`,
  );
}
