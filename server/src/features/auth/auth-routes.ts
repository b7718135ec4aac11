import {
  forgotPasswordRequest,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
  updateIdentityRequest,
} from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { foreignOriginMessage } from '../../plugins/cross-site-guard.ts';
import type { Auth } from './auth.ts';
import type { AllowAttempt } from './auth-limits.ts';

/** A better-auth call the product uses. Any call not listed here answers 404. */
interface AuthCall {
  methods: ReadonlyArray<'GET' | 'POST'>;
  /** The domain schema of the body (the same the web form uses), checked before better-auth. */
  schema?: z.ZodType;
  /** What of the body the schema reads, where better-auth's field names differ from ours. */
  input?: (body: Body) => unknown;
  /** Rate limited (it sends mail or checks a password): the account an attempt is against. */
  account?: (body: Body, request: FastifyRequest) => string | Promise<string>;
  /** Fields forced into the body, whatever the caller sent. */
  force?: Body;
}

type Body = Record<string, unknown>;

const emailIn = (body: Body) =>
  typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';

/**
 * Every identity call the product uses (reviewed: `auth-surface.test.ts` lists the rest of
 * better-auth's endpoints and proves they answer 404). Admin tools, session listing, account
 * linking and deletion, email change, token refresh: none of them are reachable.
 */
function authCalls(auth: Auth): Record<string, AuthCall> {
  const sessionUserOf = async (_body: Body, request: FastifyRequest) =>
    (await auth.api.getSession({ headers: fromNodeHeaders(request.headers) }))?.user.id ?? '';
  return {
    '/sign-in/email': { methods: ['POST'], schema: signInRequest, account: emailIn },
    '/sign-up/email': { methods: ['POST'], schema: signUpRequest, account: emailIn },
    '/sign-out': { methods: ['POST'] },
    '/get-session': { methods: ['GET'] },
    '/sign-in/social': { methods: ['POST'] },
    '/callback/:id': { methods: ['GET'] },
    '/error': { methods: ['GET'] },
    '/request-password-reset': {
      methods: ['POST'],
      schema: forgotPasswordRequest,
      account: emailIn,
    },
    '/send-verification-email': {
      methods: ['POST'],
      schema: forgotPasswordRequest,
      account: emailIn,
    },
    '/reset-password/:token': { methods: ['GET'] },
    '/reset-password': {
      methods: ['POST'],
      schema: resetPasswordRequest,
      input: (body) => ({ password: body.newPassword }),
      account: (body) => String(body.token ?? ''),
    },
    '/change-password': {
      methods: ['POST'],
      schema: resetPasswordRequest,
      input: (body) => ({ password: body.newPassword }),
      account: sessionUserOf,
      // A changed password signs out every other device.
      force: { revokeOtherSessions: true },
    },
    // better-auth stored any JSON value as the name (`null`: a 500).
    '/update-user': { methods: ['POST'], schema: updateIdentityRequest },
  };
}

/** The identity calls the front door lets through, as `{ path, methods }` (the junk sweep walks them). */
export function frontDoorCalls(auth: Auth) {
  return Object.entries(authCalls(auth)).map(([path, call]) => ({ path, methods: call.methods }));
}

/** The listed call a path names: `/callback/oidc` is `/callback/:id`. */
function callOf(calls: Record<string, AuthCall>, path: string) {
  const name = Object.keys(calls).find((template) => {
    const [head = '', param] = template.split('/:');
    if (!param) return template === path;
    return path.startsWith(`${head}/`) && /^[^/]+$/.test(path.slice(head.length + 1));
  });
  const call = name ? calls[name] : undefined;
  return name && call ? { name, call } : undefined;
}

/** better-auth puts these in a Location header, which throws (a 500) on a non-Latin-1 character. */
const redirectFields = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/** Headers by which a client could claim another address; the front door sets its own. */
const forwardingHeaders = [
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
];

/**
 * The identity call a request names, from the normalised URL as better-auth will see it: so
 * that `/api/v1/auth/./sign-in/email` cannot slip past the checks and limits below.
 */
export function authPathOf(request: FastifyRequest): string {
  return new URL(request.url, 'http://localhost').pathname.replace(/^\/api\/v1\/auth/, '');
}

/** Why a POST body cannot go on to better-auth, or undefined when it can (`body` is normalised). */
function inputProblemOf(call: AuthCall, body: Body) {
  for (const field of redirectFields) {
    const value = body[field];
    if (typeof value === 'string' && !/^[\x20-\x7e]*$/.test(value)) {
      return `${field} must be a URL (percent-encode other characters)`;
    }
  }
  if (!call.schema) return undefined;
  const parsed = call.schema.safeParse(call.input ? call.input(body) : body);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Invalid';
  // The normalised values (a trimmed, lower-case email) go on, not what was typed.
  if (!call.input) Object.assign(body, parsed.data);
  return undefined;
}

/** Session tokens stay in the httpOnly cookie: page scripts never see one (decision 004). */
function withoutTokens(answer: unknown) {
  if (!answer || typeof answer !== 'object') return answer;
  const { token: _token, ...rest } = answer as Body;
  const session = rest.session as Body | undefined;
  if (session && typeof session === 'object') {
    const { token: _sessionToken, ...safeSession } = session;
    rest.session = safeSession;
  }
  return rest;
}

/**
 * better-auth, mounted at /api/v1/auth, behind a front door: only the calls the product uses;
 * the spec's validation (the same zod schemas the forms use); rate limits per account and IP;
 * the client address as TRUST_PROXY allows; no session token in answers; `success: false` on
 * its errors, with a readable one for a foreign origin.
 */
export function authRoutes(auth: Auth, allowAttempt: AllowAttempt): FastifyPluginAsync {
  const calls = authCalls(auth);
  return async (app) => {
    const { PUBLIC_URL } = app.config;
    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      schema: { hide: true },
      async handler(request, reply) {
        const path = authPathOf(request);
        const found = callOf(calls, path);
        if (!found?.call.methods.includes(request.method as 'GET' | 'POST')) {
          return reply
            .status(404)
            .send({ success: false, message: `${messages.notFound}: /api/v1/auth${path}` });
        }
        const { name, call } = found;
        const body = (request.method === 'POST' ? (request.body ?? {}) : undefined) as
          | Body
          | undefined;
        if (body) {
          const problem = inputProblemOf(call, body);
          if (problem) return reply.status(400).send({ success: false, message: problem });
          if (call.account) {
            const account = await call.account(body, request);
            if (!(await allowAttempt(request, reply, name, account))) return reply;
          }
          Object.assign(body, call.force);
        }

        const url = new URL(request.url, PUBLIC_URL);
        const headers = fromNodeHeaders(request.headers);
        for (const header of forwardingHeaders) headers.delete(header);
        headers.set('x-forwarded-for', request.ip);
        if (body) headers.set('content-type', 'application/json');
        headers.delete('content-length');
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: body ? JSON.stringify(body) : undefined,
          }),
        );

        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (!['set-cookie', 'content-length', 'set-auth-token'].includes(key)) {
            reply.header(key, value);
          }
        }
        reply.removeHeader('access-control-expose-headers');
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const text = await response.text();
        const answer = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : undefined;
        if (response.status >= 400) {
          const error = (answer ?? {}) as { message?: string; code?: string };
          const message =
            error.code === 'INVALID_ORIGIN'
              ? foreignOriginMessage(app.config, request.headers.origin)
              : error.message || 'Failed';
          return reply.send({ ...error, success: false, message });
        }
        if (answer === undefined) return reply.send(text || null);
        return reply.send(withoutTokens(answer));
      },
    });
  };
}
