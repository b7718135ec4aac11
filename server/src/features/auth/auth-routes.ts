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
import type { Auth } from './auth.ts';

interface CheckedCall {
  /** The domain schema of the call (the same the web form uses). */
  schema: z.ZodType;
  /** Rate limited per IP and per email: the calls that take an email and a secret. */
  limited: boolean;
  /** What of the body the schema reads, where better-auth's field names differ from ours. */
  input?: (body: Record<string, unknown>) => unknown;
}

/** The identity calls we check before better-auth sees them. */
const checkedCalls: Record<string, CheckedCall> = {
  '/sign-in/email': { schema: signInRequest, limited: true },
  '/sign-up/email': { schema: signUpRequest, limited: true },
  '/request-password-reset': { schema: forgotPasswordRequest, limited: true },
  '/reset-password': {
    schema: resetPasswordRequest,
    limited: true,
    input: (body) => ({ password: body.newPassword }),
  },
  // better-auth stored any JSON value as the name (`null`: a 500).
  '/update-user': { schema: updateIdentityRequest, limited: false },
};

/** better-auth puts these in a Location header, which throws (a 500) on a non-Latin-1 character. */
const redirectFields = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/**
 * The identity call a request names, from the normalised URL as better-auth will see it: so
 * that `/api/v1/auth/./sign-in/email` cannot slip past the checks and limits below.
 */
function authPathOf(request: FastifyRequest): string {
  return new URL(request.url, 'http://localhost').pathname.replace(/^\/api\/v1\/auth/, '');
}

/** Why a POST body cannot go on to better-auth, or undefined when it can. */
function inputProblemOf(call: CheckedCall | undefined, body: Record<string, unknown>) {
  for (const field of redirectFields) {
    const value = body[field];
    if (typeof value === 'string' && !/^[\x20-\x7e]*$/.test(value)) {
      return `${field} must be a URL (percent-encode other characters)`;
    }
  }
  if (!call) return undefined;
  const parsed = call.schema.safeParse(call.input ? call.input(body) : body);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Invalid');
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * better-auth, mounted at /api/v1/auth. In front of it: the spec's validation (the same zod
 * schemas the forms use), rate limits per IP and per email, and `success: false` on its errors.
 */
export function authRoutes(auth: Auth, perMinute: number): FastifyPluginAsync {
  return async (app) => {
    const limitByIp = app.createRateLimit({ max: perMinute * 3, timeWindow: 60_000 });
    const limitByEmail = app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `${authPathOf(request)}:${emailOf(request)}`,
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      schema: { hide: true },
      async handler(request, reply) {
        if (request.method === 'POST') {
          const call = checkedCalls[authPathOf(request)];
          const problem = inputProblemOf(call, (request.body ?? {}) as Record<string, unknown>);
          if (problem) return reply.status(400).send({ success: false, message: problem });
          const limiters = call?.limited
            ? [limitByIp, ...(emailOf(request) ? [limitByEmail] : [])]
            : [];
          for (const limiter of limiters) {
            const limit = await limiter(request);
            if (!limit.isAllowed && limit.isExceeded) {
              reply.header('retry-after', limit.ttlInSeconds);
              return reply.status(429).send({ success: false, message: messages.tooManyRequests });
            }
          }
        }

        const url = new URL(request.url, app.config.PUBLIC_URL);
        const headers = fromNodeHeaders(request.headers);
        const hasBody = request.method === 'POST' && request.body !== undefined;
        if (hasBody) headers.set('content-type', 'application/json');
        headers.delete('content-length');
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );

        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const text = await response.text();
        // better-auth's 404s (unknown paths) have an empty body: they too get the error envelope.
        if (response.status >= 400) {
          const error = (text.startsWith('{') ? JSON.parse(text) : {}) as { message?: string };
          const fallback =
            response.status === 404 ? `${messages.notFound}: ${url.pathname}` : 'Failed';
          return reply.send({ ...error, success: false, message: error.message || fallback });
        }
        return reply.send(text || null);
      },
    });
  };
}
