import { randomBytes } from 'node:crypto';
import { punchoutMessages } from '@proper-parts/domain/punchout';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { resolveActor } from '../auth/actor.ts';
import { findConnection } from './connection-store.ts';
import { esc } from './cxml.ts';
import { hidden, hostOf, limited, returnUrlOf } from './door-options.ts';
import {
  attachShopSession,
  livePunchoutOf,
  openPunchout,
  returnPunchoutCart,
  takeStartToken,
} from './punchout-sessions.ts';
import { autoPostPage, type FormField, ociFields, punchOutOrderMessage } from './return-forms.ts';
import { closeShopSession, openShopSession } from './shop-session.ts';

/** A small page saying why a punchout cannot go on (the browser is the buyer's, not a machine). */
function problemPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} | Proper Parts</title></head><body><main><h1>${esc(title)}</h1><p>${esc(message)}</p><p><a href="/">Proper Parts</a></p></main></body></html>`;
}

/**
 * The browser's doors: the StartPage, OCI's login and the cart's return. Each ends in a shop
 * session or ends one; refusals are small pages, not JSON.
 */
export const browserRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string).entries())),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'punchout page failed');
    const message = status >= 500 ? 'Something went wrong; try again later' : error.message;
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(problemPage('PunchOut', message));
  });

  /** Signs the browser in for the punchout `id` of `userId`, then on to the catalog. */
  const signIn = async (reply: FastifyReply, punchout: { id: string; userId: string }) => {
    const opened = await openShopSession(app.auth, punchout.userId);
    await attachShopSession(app.db, punchout.id, opened.token);
    return reply
      .header('set-cookie', opened.setCookie)
      .header('cache-control', 'no-store')
      .redirect('/products', 303);
  };

  // The StartPage: the one-time link of a PunchOutSetupResponse.
  app.get('/punchout/start', { schema: hidden }, async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const punchout = typeof token === 'string' ? await takeStartToken(app.db, token) : null;
    if (!punchout) throw new AppError('FORBIDDEN', punchoutMessages.startUsed);
    return signIn(reply, punchout);
  });

  // OCI 5.0: the catalog's login URL with USERNAME, PASSWORD and HOOK_URL, as GET or POST.
  const ociLogin = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = {
      ...(request.query as Record<string, unknown>),
      ...(typeof request.body === 'object' && request.body ? request.body : {}),
    } as Record<string, unknown>;
    const field = (name: string) =>
      typeof params[name] === 'string' ? (params[name] as string) : '';
    const returnUrl = returnUrlOf(field('HOOK_URL'));
    if (!returnUrl) throw new AppError('INVALID', punchoutMessages.hookUrlRequired);
    const connection = await findConnection(app.db, 'oci', {
      domain: '',
      identity: field('USERNAME'),
      secret: field('PASSWORD'),
    });
    if (!connection) throw new AppError('UNAUTHENTICATED', punchoutMessages.ociLoginRefused);
    const token = await openPunchout(
      app.db,
      connection,
      { buyerCookie: null, returnUrl },
      app.config.PUNCHOUT_START_MINUTES,
    );
    const punchout = await takeStartToken(app.db, token);
    if (!punchout) throw new AppError('FORBIDDEN', punchoutMessages.startUsed);
    return signIn(reply, punchout);
  };
  app.get('/punchout/oci/login', { config: { ...limited }, schema: hidden }, ociLogin);
  // SAP posts the login form from its own origin: the cross-site guard lets this one door be.
  app.post(
    '/punchout/oci/login',
    { config: { ...limited, crossSite: true }, schema: hidden },
    ociLogin,
  );

  // The cart's "Return cart to …": a same-origin form post (the cross-site guard checks it).
  app.post(
    '/punchout/return',
    { config: { formPost: true }, schema: hidden },
    async (request, reply) => {
      const actor = await app.sessions.resolve(request, () => resolveActor(app.auth, request));
      if (!actor) throw new AppError('UNAUTHENTICATED', punchoutMessages.notPunchout);
      const punchout = await livePunchoutOf(app.db, actor.sessionToken);
      if (!punchout) throw new AppError('CONFLICT', punchoutMessages.notPunchout);
      const lines = await returnPunchoutCart(app.db, punchout);
      if (!lines) throw new AppError('CONFLICT', punchoutMessages.sessionOver);
      const fields: FormField[] =
        punchout.protocol === 'cxml'
          ? punchOutOrderMessage(lines, {
              buyerCookie: punchout.buyerCookie ?? '',
              host: hostOf(app.config.PUBLIC_URL),
            })
          : ociFields(lines);
      // The cart went back: this shop session ends here.
      const expired = await closeShopSession(app.auth, actor.sessionToken);
      // This process believes no session from memory any more (other processes hear the change).
      app.sessions.clear();
      const nonce = randomBytes(16).toString('base64');
      const target = new URL(punchout.returnUrl).origin;
      return reply
        .header('set-cookie', expired)
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action ${target}; base-uri 'none'; frame-ancestors 'none'`,
        )
        .type('text/html; charset=utf-8')
        .send(
          autoPostPage({
            action: punchout.returnUrl,
            fields,
            systemName: punchout.systemName,
            nonce,
          }),
        );
    },
  );
};
