import { apiKeyMessages } from '@proper-parts/domain/api-keys';
import { messages } from '@proper-parts/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { addRouteHook } from '../../http/route-hooks.ts';
import { apiKeyOf, findApiKey, noteKeyUse } from '../api-keys/api-key-store.ts';
import { resolveActor } from './actor.ts';
import type { Auth } from './auth.ts';

/**
 * Enforces each route's declared `config.access` on the server: visitors get 401 where a
 * sign-in is needed, signed-in non-admins 403 on admin routes. Every /api/v1 route must
 * declare its access; a route that forgets is refused rather than left open.
 *
 * Issue 34: an `api-key` route takes only a machine's API key (`Authorization: Bearer ppk_…`)
 * with the route's scope, rate limited per key; a session is refused there, and a key is refused
 * on every session route (no admin page, no cart), whatever its scopes.
 */
export function registerAccessHook(app: FastifyInstance, auth: Auth) {
  app.decorateRequest('actor', null);
  app.decorateRequest('apiKey', null);
  const keyLimit = app.createRateLimit({
    max: app.config.RATE_LIMIT_API_KEY_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.apiKey?.id}`,
  });
  const resolveSession = (request: FastifyRequest) =>
    app.sessions.resolve(request, () => resolveActor(auth, request));

  const admitKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = apiKeyOf(request.headers.authorization);
    if (!key) {
      if (await resolveSession(request)) throw new AppError('FORBIDDEN', apiKeyMessages.keysOnly);
      throw new AppError('UNAUTHENTICATED', apiKeyMessages.keyRequired);
    }
    const caller = await findApiKey(app.db, key);
    if (!caller) throw new AppError('UNAUTHENTICATED', apiKeyMessages.keyRefused);
    request.apiKey = caller;
    const scope = request.routeOptions.config.scope;
    if (!scope || !caller.scopes.includes(scope))
      throw new AppError('FORBIDDEN', apiKeyMessages.missingScope(scope ?? 'catalog:read'));
    const limit = await keyLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('TOO_MANY_REQUESTS', messages.tooManyRequests);
    }
  };
  // A call that was answered, not refused, is a use: a refused one leaves every table as it was.
  // Noted before the answer leaves (onSend; at most once a minute a key), so that nothing of a
  // request is still being written when its caller reads the database again (the junk sweep).
  const noteUse = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.apiKey && reply.statusCode < 400) {
      await noteKeyUse(app.db, request.apiKey.id).catch((error: unknown) =>
        request.log.warn({ err: error }, 'api key use not noted'),
      );
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/v1/') && !route.url.startsWith('/api/v1/auth');
    const access = route.config?.access;
    if (isApi && !access) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
    }
    if (access === 'api-key' && !route.config?.scope) {
      throw new Error(`route ${route.method} ${route.url} takes an API key: declare config.scope`);
    }
    // Public routes (the catalog) skip the session look-up entirely.
    if (!access || access === 'public') return;
    if (access === 'api-key') {
      addRouteHook(route, 'onRequest', admitKey);
      addRouteHook(route, 'onSend', noteUse);
      return;
    }
    addRouteHook(route, 'onRequest', async (request) => {
      if (apiKeyOf(request.headers.authorization))
        throw new AppError('FORBIDDEN', apiKeyMessages.sessionsOnly);
      request.actor = await resolveSession(request);
      if (!request.actor) throw new AppError('UNAUTHENTICATED', messages.signInRequired);
      if (access === 'admin' && request.actor.role !== 'admin') {
        throw new AppError('FORBIDDEN', messages.forbidden);
      }
    });
  });
}
