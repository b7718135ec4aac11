import { messages } from '@proper-parts/domain/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { addRouteHook } from '../../http/route-hooks.ts';
import { resolveActor } from './actor.ts';
import type { Auth } from './auth.ts';

/**
 * Enforces each route's declared `config.access` on the server: visitors get 401 where a
 * sign-in is needed, signed-in non-admins 403 on admin routes. Every /api/v1 route must
 * declare its access; a route that forgets is refused rather than left open.
 */
export function registerAccessHook(app: FastifyInstance, auth: Auth) {
  app.decorateRequest('actor', null);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/v1/') && !route.url.startsWith('/api/v1/auth');
    const access = route.config?.access;
    if (isApi && !access) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
    }
    // Public routes (the catalog) skip the session look-up entirely.
    if (!access || access === 'public') return;
    addRouteHook(route, 'onRequest', async (request) => {
      request.actor = await app.sessions.resolve(request, () => resolveActor(auth, request));
      if (!request.actor) throw new AppError('UNAUTHENTICATED', messages.signInRequired);
      if (access === 'admin' && request.actor.role !== 'admin') {
        throw new AppError('FORBIDDEN', messages.forbidden);
      }
    });
  });
}
