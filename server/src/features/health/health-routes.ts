import { errorEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { type Health, health, liveness } from '@proper-parts/domain/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withDeadline } from '../../db/unavailable.ts';

/** A load balancer asks often and must hear "unavailable" quickly: sooner than any request's bound. */
export const HEALTH_TIMEOUT_MS = 1500;

/**
 * Three questions a platform asks (issue 21). `/health/live`: is the process up (restart it if
 * not); it does not touch the database, so an outage does not restart every instance.
 * `/health/ready` and `/health`: may it take traffic (the database answers, it is not draining).
 * `/health` keeps the answer load balancers have used since the spec's shop.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Is the process up? Never asks the database (liveness)',
        // 400: the input guard refuses unusable text in the query (a NUL byte), as on every route.
        response: { 200: successEnvelope(liveness), 400: errorEnvelope },
      },
    },
    async () => ({ success: true as const, data: { status: 'ok' as const } }),
  );

  for (const path of ['/health', '/health/ready']) registerReadiness(app, path);
};

function registerReadiness(app: Parameters<FastifyPluginAsyncZod>[0], path: string) {
  app.get(
    path,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Is the server up, and which database does it use? 503 while the database is out of reach, or while the server drains to stop; 200 `degraded` while only the read replica is (its reads go to the primary)',
        response: { 200: successEnvelope(health), 400: errorEnvelope, 503: errorEnvelope },
      },
    },
    async () => {
      // Out of reach or hung, this fails within 1.5 s and the error handler answers 503
      // (decisions 011 and 015).
      const [, replicaUp] = await Promise.all([
        withDeadline(app.db.execute(sql`select 1`), HEALTH_TIMEOUT_MS),
        // One marked down is probed in the background: a hung one delays no answer here.
        app.replica?.up === false ? false : app.replica?.check(HEALTH_TIMEOUT_MS),
      ]);
      const data: Health = { status: 'ok', database: app.dbKind };
      if (replicaUp !== undefined) {
        data.replica = replicaUp ? 'up' : 'down';
        // A replica out of reach costs the primary its reads, not the shop its sales: still ready.
        if (!replicaUp) data.status = 'degraded';
      }
      return { success: true as const, data };
    },
  );
}
