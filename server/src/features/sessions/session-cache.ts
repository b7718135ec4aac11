import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { addRouteHook, READ_METHODS, routeMayWrite } from '../../http/route-hooks.ts';
import type { Actor } from '../auth/actor.ts';

/** The writes of this process that may change who someone is (sign-out, revoke, role, name). */
const IDENTITY_PATHS = [
  '/api/v1/auth/',
  '/api/v1/user/',
  '/api/v1/profile/',
  '/api/v1/email-confirmation',
];
const IDENTITY_TABLES = ['user', 'session', '*'];

export interface SessionCache {
  /** The actor behind the request's credentials: from memory, or from `lookup` (the database). */
  resolve(request: FastifyRequest, lookup: () => Promise<Actor | null>): Promise<Actor | null>;
  clear(): void;
  readonly size: number;
}

export interface SessionCacheOptions {
  feed: ChangeFeed;
  /** How long a checked session is believed without asking the database again. */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * What getSession reads: the bearer token and better-auth's cookies. The same key gives the same
 * answer (until the tables change), so other cookies never mix two people up.
 */
export function credentialsOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization ?? '';
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('better-auth.'))
    .join(';');
  if (!authorization && !cookies) return undefined;
  return `${authorization}\n${cookies}`;
}

/**
 * How long a checked session is believed: 10 minutes, and never past the session's own end.
 * Every revocation empties the cache at once (the change feed), so the time only bounds a
 * notification lost while the feed stayed up. At 30 s (issue 32), a buyer who read a page for
 * half a minute paid better-auth's whole getSession (~2.5 ms of CPU) on the next request.
 */
export const SESSION_BELIEVED_MS = 10 * 60_000;

/**
 * Signed-in requests skip the session look-up when the same credentials were checked less than
 * `ttlMs` ago, and their session has not ended (docs/decisions/008). Any change to the user or session tables, from any process,
 * empties it (the change feed); so does a write through this process's identity routes, before
 * its answer leaves. Only sessions that exist are kept: a wrong token always asks the database.
 */
export function createSessionCache({
  feed,
  ttlMs = SESSION_BELIEVED_MS,
  maxEntries = 10_000,
  now = Date.now,
}: SessionCacheOptions): SessionCache {
  const entries = new Map<string, { actor: Actor; until: number }>();
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  feed.subscribe((table) => {
    if (IDENTITY_TABLES.includes(table)) clear();
  });
  return {
    async resolve(request, lookup) {
      const key = credentialsOf(request);
      if (!key || !feed.live) return lookup();
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.actor;
      const started = generation;
      const actor = await lookup();
      // A change during the look-up may have revoked what it read: keep nothing then.
      if (actor && started === generation) {
        entries.delete(key);
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        const until = Math.min(now() + ttlMs, actor.sessionExpiresAt ?? Number.POSITIVE_INFINITY);
        entries.set(key, { actor, until });
      }
      return actor;
    },
    clear,
    get size() {
      return entries.size;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionCache;
  }
}

export function registerSessionCache(app: FastifyInstance, ttlMs = SESSION_BELIEVED_MS) {
  const sessions = createSessionCache({ feed: app.changes, ttlMs });
  app.decorate('sessions', sessions);
  // Only on the identity routes that may write: other requests pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (!routeMayWrite(route) || !IDENTITY_PATHS.some((prefix) => route.url.startsWith(prefix)))
      return;
    addRouteHook(route, 'onSend', (request, _reply, payload, done) => {
      if (!READ_METHODS.has(request.method)) sessions.clear();
      done(null, payload);
    });
  });
}
