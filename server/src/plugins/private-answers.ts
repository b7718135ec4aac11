import type { FastifyInstance } from 'fastify';
import { credentialsOf } from '../features/sessions/session-cache.ts';
import { addRouteHook } from '../http/route-hooks.ts';

/** What every answer to someone signed in says to caches: keep nothing, shared or not. */
export const PRIVATE_ANSWER = 'private, no-store';

/**
 * Issue 31: a cart, a company's statement, a quote or an order answered to someone signed in
 * is kept by no cache (a shared proxy's, or the browser's on disk for the next user of the
 * machine). One hook on every API route, added as each route is registered: a route that needs a
 * sign-in or a key (`config.access` signed-in, admin or api-key) always answers `private, no-store`, refusals
 * included; any other (the catalog, the identity routes) does when the request carries a session
 * cookie or a bearer token. A visitor's public answers keep the headers they had, and those are
 * the only ones the answer replay keeps (decision 029: no cookie, no Authorization).
 */
export function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    const private_ = access === 'signed-in' || access === 'admin' || access === 'api-key';
    addRouteHook(route, 'onSend', (request, reply, payload, done) => {
      if (private_ || credentialsOf(request)) reply.header('cache-control', PRIVATE_ANSWER);
      done(null, payload);
    });
  });
}
