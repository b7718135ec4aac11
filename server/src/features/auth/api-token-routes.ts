import { signInRequest } from '@proper-parts/domain/auth';
import { successEnvelope } from '@proper-parts/domain/envelope';
import { userTokenResponse } from '@proper-parts/domain/users';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import type { Auth } from './auth.ts';
import type { AllowAttempt } from './auth-limits.ts';

/**
 * `POST /tokens`: an API client signs in for a bearer token (issue 15, decision 004). The token
 * is handed only in exchange for the password, here, and never to a page: a script injected into
 * the shop's page can read what the page's calls answer, but it does not know the password.
 * Rate limited like every call that checks a password.
 */
export function apiTokenRoutes(auth: Auth, allowAttempt: AllowAttempt) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/tokens',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary:
            'Sign in as an API client: email and password give a bearer token (`Authorization: Bearer …`), valid as long as a session',
          body: signInRequest,
          response: { 200: successEnvelope(userTokenResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        if (!(await allowAttempt(request, reply, 'sign-in', email))) return reply;
        const signedIn = await auth.api.signInEmail({
          body: { email, password },
          headers: fromNodeHeaders({ 'user-agent': request.headers['user-agent'] ?? 'api-client' }),
        });
        return { success: true as const, data: { token: signedIn.token } };
      },
    );
  };
  return routes;
}
