import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A door other sites post to by design, which reads no session (PunchOut's cXML calls and
     * OCI login, issue 34): the guard lets it be.
     */
    crossSite?: boolean;
    /**
     * A plain HTML form of the shop's own pages posts here (PunchOut's "Return cart"). Under
     * the shop's `Referrer-Policy: no-referrer` a browser sends such a navigation as
     * `Origin: null`; it is taken when the browser's own `Sec-Fetch-Site` says same-origin.
     */
    formPost?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** better-auth's cookies (`__Secure-` on an https shop): the browser's ambient credentials. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.[\w-]+=/;

/** Why a request from `origin` is refused: names the address the shop answers at. */
export function foreignOriginMessage(
  config: { PUBLIC_URL: string; publicUrlSet: boolean },
  origin: string | undefined,
) {
  const from = origin || 'an unknown origin';
  return config.publicUrlSet
    ? `This shop answers at ${config.PUBLIC_URL} (PUBLIC_URL); this request came from ${from}. Open ${config.PUBLIC_URL}, or set PUBLIC_URL to the address you use.`
    : `This shop answers at ${config.PUBLIC_URL} and its other loopback names; this request came from ${from}. Set PUBLIC_URL to the address you use.`;
}

/**
 * Cross-site request forgery: a state-changing call (any path) that carries our session cookie is
 * answered only when its Origin is the shop's own (browsers send Origin on every POST, PUT,
 * PATCH and DELETE, same-origin ones included). A missing Origin is refused too: no browser of
 * ours omits it. API clients authenticate with a bearer token and no cookie, and the Stripe
 * webhook carries no cookie: neither is affected. SameSite=Lax already keeps the cookie off
 * cross-site posts; this also covers sibling subdomains and browsers that ignore SameSite.
 */
export function registerCrossSiteGuard(app: FastifyInstance) {
  const trusted = new Set(app.config.trustedOrigins);
  // Callback style: it runs on every request, reads included, and a promise per hook costs.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.crossSite) return done();
    const cookie = request.headers.cookie;
    if (!cookie || !SESSION_COOKIE.test(cookie)) return done();
    const origin = request.headers.origin;
    if (origin && trusted.has(origin)) return done();
    const sameOriginForm =
      request.routeOptions.config.formPost &&
      origin === 'null' &&
      request.headers['sec-fetch-site'] === 'same-origin';
    if (sameOriginForm) return done();
    done(new AppError('FORBIDDEN', foreignOriginMessage(app.config, origin)));
  });
}
