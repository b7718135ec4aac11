import {
  forgotPasswordRequest,
  resetPasswordRequest,
  signInRequest,
  signUpRequest,
} from '@proper-parts/domain/auth';
import { messages } from '@proper-parts/domain/messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Auth } from './auth.ts';

/** The calls that take an email and a secret: validated by our schemas and rate limited. */
const guardedCalls: Record<string, z.ZodType> = {
  '/sign-in/email': signInRequest,
  '/sign-up/email': signUpRequest,
  '/request-password-reset': forgotPasswordRequest,
  '/reset-password': resetPasswordRequest,
};

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
      keyGenerator: (request) => `${request.url.split('?')[0]}:${emailOf(request)}`,
    });

    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      schema: { hide: true },
      async handler(request, reply) {
        const path = (request.params as { '*': string })['*'].split('?')[0] ?? '';
        const schema = guardedCalls[`/${path}`];
        if (schema && request.method === 'POST') {
          const body = (request.body ?? {}) as Record<string, unknown>;
          const candidate = path === 'reset-password' ? { password: body.newPassword } : body;
          const parsed = schema.safeParse(candidate);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            return reply.status(400).send({ success: false, message: issue?.message ?? 'Invalid' });
          }
          for (const limiter of [limitByIp, ...(emailOf(request) ? [limitByEmail] : [])]) {
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
        if (response.status >= 400 && text.startsWith('{')) {
          const error = JSON.parse(text) as { message?: string; code?: string };
          return reply.send({ ...error, success: false, message: error.message ?? 'Failed' });
        }
        return reply.send(text || null);
      },
    });
  };
}
