import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Mailer } from '../mail/mailer.ts';

/** Quotes: requested from the cart, answered by the shop, accepted once (issue 19). */
export const quoteRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (_app) => {
    void mailer;
  };
