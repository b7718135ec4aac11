import { authOptions } from '@proper-parts/domain/auth';
import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OIDC_PROVIDER_ID } from './auth.ts';

export const authOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const social =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { id: 'google' as const, name: 'Google' }
      : config.OIDC_ISSUER && config.OIDC_CLIENT_ID
        ? { id: OIDC_PROVIDER_ID, name: config.OIDC_PROVIDER_NAME }
        : null;

  app.get(
    '/auth-options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The sign-in options this server offers (public)',
        response: { 200: successEnvelope(authOptions), 400: errorEnvelope },
      },
    },
    async () => ({ success: true as const, data: { social } }),
  );
};
