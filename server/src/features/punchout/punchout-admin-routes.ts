import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  createPunchoutConnectionRequest,
  punchoutConnection,
  punchoutConnectionIdParams,
  punchoutConnectionsQuery,
  punchoutMessages,
  punchoutSessionState,
} from '@proper-parts/domain/punchout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { actorOf } from '../auth/actor.ts';
import { createConnection, deleteConnection, listConnections } from './connection-store.ts';
import { punchoutStateOf } from './punchout-sessions.ts';

/**
 * Issue 34: a shop admin connects a company's procurement system (cXML or OCI) and removes it;
 * the shared secret is typed once and kept only as a hash. And the cart's question: is this
 * session a punchout, and to which system does its cart go back?
 */
export const punchoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/punchout-connections',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['punchout'],
        summary:
          "Connect a company's procurement system (cXML or OCI) with a shared secret, shopping as one of its members (admin)",
        body: createPunchoutConnectionRequest,
        response: { 200: successEnvelope(punchoutConnection), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) =>
          db.transaction(async (tx) => {
            const created = await createConnection(tx, actorOf(request).id, request.body);
            await recordAudit(tx, request, {
              action: 'punchout.connect',
              targetType: 'punchout',
              targetId: created.id,
              summary: `PunchOut ${created.protocol} "${created.name}" for ${created.companyName}, shopping as ${created.userEmail}`,
              after: {
                protocol: created.protocol,
                fromDomain: created.fromDomain,
                fromIdentity: created.fromIdentity,
                userEmail: created.userEmail,
              },
            });
            return created;
          }),
        answer: (created) => ({
          success: true as const,
          data: created,
          message: punchoutMessages.created(created.name),
        }),
      }),
  );

  app.get(
    '/admin/punchout-connections',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['punchout'],
        summary: 'The PunchOut connections, newest first; page by cursor (admin)',
        querystring: punchoutConnectionsQuery,
        response: { 200: pageEnvelope(punchoutConnection), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listConnections(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.delete(
    '/admin/punchout-connections/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['punchout'],
        summary:
          'Delete a PunchOut connection: its setups, logins and OrderRequests are refused from now on (admin)',
        params: punchoutConnectionIdParams,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const name = await app.db.transaction(async (tx) => {
        const deleted = await deleteConnection(tx as unknown as Database, id);
        await recordAudit(tx, request, {
          action: 'punchout.disconnect',
          targetType: 'punchout',
          targetId: id,
          summary: `PunchOut connection "${deleted}" deleted`,
        });
        return deleted;
      });
      return { success: true as const, data: { id }, message: punchoutMessages.deleted(name) };
    },
  );

  app.get(
    '/punchout/session',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['punchout'],
        summary:
          'Whether my session is a PunchOut one, and the system its cart goes back to ("Return cart to …")',
        response: { 200: successEnvelope(punchoutSessionState), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await punchoutStateOf(app.db, actorOf(request).sessionToken),
    }),
  );
};
