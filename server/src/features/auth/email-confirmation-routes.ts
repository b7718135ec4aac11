import { emailConfirmationRequest, emailConfirmationResponse } from '@proper-parts/domain/auth';
import { successEnvelope } from '@proper-parts/domain/envelope';
import { messages } from '@proper-parts/domain/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import type { Auth } from './auth.ts';
import type { AllowAttempt } from './auth-limits.ts';
import { confirmEmail, userOfConfirmationToken } from './email-confirmation.ts';

/** `POST /email-confirmation`: the page the mailed link opens confirms the address here. */
export function emailConfirmationRoutes(auth: Auth, allowAttempt: AllowAttempt) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/email-confirmation',
      {
        // Public: the link may be opened signed out; the password then proves the account.
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary:
            'Confirm an email address from the mailed link: signed in to that account, or with its password. Never signs in.',
          body: emailConfirmationRequest,
          response: { 200: successEnvelope(emailConfirmationResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { token, password } = request.body;
        const owner = await userOfConfirmationToken(auth, app.db, token);
        if (!(await allowAttempt(request, reply, 'email-confirmation', owner?.id ?? token))) {
          return reply;
        }
        const email = await confirmEmail({
          auth,
          db: app.db,
          config: app.config,
          request,
          owner,
          password,
        });
        return {
          success: true as const,
          data: { email, confirmed: true as const },
          message: messages.emailConfirmed,
        };
      },
    );
  };
  return routes;
}
