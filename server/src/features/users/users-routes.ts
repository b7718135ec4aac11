import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import {
  adminCheckResponse,
  emailParams,
  modifiedCountResponse,
  recordUserRequest,
  userSummary,
  userTokenResponse,
} from '@proper-parts/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { actorOf, assertSelfOrAdmin } from '../auth/actor.ts';
import { grantAdminAsAdmin, listUsers, requireUserByEmail } from './users-repository.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary:
          'Records the signed-in user (own email only; any `role` in the body is ignored). A client signed in by bearer token gets its token back; a browser session never sees one: API clients sign in at POST /tokens',
        params: emailParams,
        body: recordUserRequest,
        response: { 200: successEnvelope(userTokenResponse), ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.email !== request.params.email)
        throw new AppError('FORBIDDEN', 'You can only ask for your own token');
      // A page's request carries the cookie: its scripts must never read a token (decision 004).
      const byBearer =
        !request.headers.cookie && /^bearer\s/i.test(request.headers.authorization ?? '');
      return {
        success: true as const,
        data: byBearer ? { token: actor.sessionToken } : {},
        message: 'User recorded',
      };
    },
  );

  app.get(
    '/admin/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Is this user an admin? (own email, or an admin)',
        params: emailParams,
        response: { 200: successEnvelope(adminCheckResponse), ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      assertSelfOrAdmin(actor, request.params.email);
      if (actor.email === request.params.email) {
        return { success: true as const, data: { admin: actor.role === 'admin' } };
      }
      const found = await requireUserByEmail(app.db, request.params.email);
      return { success: true as const, data: { admin: found.role === 'admin' } };
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'All users (admin)',
        querystring: paginationQuery,
        response: { 200: pageEnvelope(userSummary), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listUsers(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.put(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Make a user an admin (admin)',
        params: emailParams,
        response: { 200: successEnvelope(modifiedCountResponse), ...errorResponses },
      },
    },
    async (request) => {
      const found = await requireUserByEmail(app.db, request.params.email);
      return {
        success: true as const,
        data: { modifiedCount: await grantAdminAsAdmin(app.db, auditActorOf(request), found) },
      };
    },
  );
};
