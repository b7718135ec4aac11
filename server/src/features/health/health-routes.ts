import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
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
        summary:
          'Is the server up, and which database does it use? 503 while the database is out of reach, or while the server drains to stop',
        response: { 200: successEnvelope(health), 503: errorEnvelope },
      },
    },
    async () => {
      // Out of reach, this fails within seconds and the error handler answers 503 (decision 011).
      await app.db.execute(sql`select 1`);
      return { success: true as const, data: { status: 'ok' as const, database: app.dbKind } };
    },
  );
};
