import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../mail/mailer.ts';

/** Company accounts: the company, its members, invitations and addresses (issue 19). */
export const companyRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (_app) => {
    void mailer;
  };
