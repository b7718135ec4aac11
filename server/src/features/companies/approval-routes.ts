import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../mail/mailer.ts';

/** Approvals of orders above a buyer's limit (issue 19). */
export const approvalRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (_app) => {
    void mailer;
  };
