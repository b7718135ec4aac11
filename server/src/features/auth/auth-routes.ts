import {
  forgotPasswordRequest,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
} from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Auth } from './auth.ts';

/** The calls that take an email and a secret: validated by our schemas and rate limited. */
const guardedCalls: Record<string, z.ZodType> = {
  '/sign-in/email': signInRequest,
  '/sign-up/email': signUpRequest,
  '/request-password-reset': forgotPasswordRequest,
  '/reset-password': resetPasswordRequest,
};

/** Validated but not rate limited: better-auth stored any JSON value as the name (`null`: a 500). */
const checkedCalls: Record<string, z.ZodType> = {
  '/update-user': z.object({
    name: z
      .string({ error: 'name must be text' })
      .max(80, 'name must be at most 80 characters')
      .optional(),
    image: z
      .string({ error: 'image must be text' })
      .max(500, 'image must be at most 500 characters')
      .nullish(),
  }),
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
        const path = authPathOf(request);
        const guarded = guardedCalls[path];
        const schema = guarded ?? checkedCalls[path];
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (request.method === 'POST') {
          for (const field of redirectFields) {
            const value = body[field];
            if (typeof value === 'string' && !/^[\x20-\x7e]*$/.test(value)) {
              const message = `${field} must be a URL (percent-encode other characters)`;
              return reply.status(400).send({ success: false, message });
            }
          }
        }
        if (schema && request.method === 'POST') {
          const candidate = path === '/reset-password' ? { password: body.newPassword } : body;
          const parsed = schema.safeParse(candidate);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return reply.status(400).send({ success: false, message: issue?.message ?? 'Invalid' });
          }
          const limiters = guarded ? [limitByIp, ...(emailOf(request) ? [limitByEmail] : [])] : [];
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
