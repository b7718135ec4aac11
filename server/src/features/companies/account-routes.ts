import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../mail/mailer.ts';

/** Paying on account: terms, statement, recorded payments, the shop admin's companies list (issue 19). */
export const accountRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (_app) => {
    void mailer;
  };
