import { successEnvelope } from '@proper-parts/domain/envelope';
import { health } from '@proper-parts/domain/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Is the server up, and which database does it use?',
        response: { 200: successEnvelope(health) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { success: true as const, data: { status: 'ok' as const, database: app.dbKind } };
    },
  );
};
