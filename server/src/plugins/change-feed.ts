import type { FastifyInstance } from 'fastify';
import { type ChangeFeed, openChangeFeed } from '../db/change-feed.ts';
import { addRouteHook, READ_METHODS, routeMayWrite } from '../http/route-hooks.ts';

/** What this process's own successful writes announce to its caches, at once (see below). */
export const LOCAL_WRITE = 'local-write';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which tables were written, by any process (docs/decisions/008). */
    changes: ChangeFeed;
  }
}

/**
 * Opens the change feed for the caches. A notification reaches this process a moment after the
 * commit; so that a caller reads its own write on its next request, a successful write request
 * also announces itself before its answer leaves.
 */
export async function registerChangeFeed(app: FastifyInstance) {
  const feed = await openChangeFeed({ db: app.db, kind: app.dbKind, log: app.log });
  app.decorate('changes', feed);
  app.addHook('onClose', () => feed.close());
  const emitLocal = feed.emit;
  // Only on routes that may write: reads pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (!routeMayWrite(route)) return;
    addRouteHook(route, 'onSend', (request, reply, payload, done) => {
      if (!READ_METHODS.has(request.method) && reply.statusCode < 400) emitLocal(LOCAL_WRITE);
      done(null, payload);
    });
  });
}
