import {
  apiKeyIdParams,
  apiKeyMessages,
  apiKeySummary,
  apiKeysQuery,
  createApiKeyRequest,
  createdApiKey,
} from '@proper-parts/domain/api-keys';
import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key-store.ts';
import { replaySeal } from './replay-seal.ts';

/**
 * Issue 34: an admin makes keys for the shop's machines (an ERP), sees each key once, sees when
 * it was last used, revokes it. Every admin sees and revokes every key: they are the shop's.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const sealer = replaySeal(app.auth.options.secret as string);

  app.post(
    '/admin/api-keys',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['api-keys'],
        summary: 'Make an API key with scopes; the key is in this answer only (admin)',
        body: createApiKeyRequest,
        response: { 200: successEnvelope(createdApiKey), ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(app.db, request, reply, {
        create: (db) => createApiKey(db, auditActorOf(request), request.body),
        answer: ({ id, key }) => ({
          success: true as const,
          data: { id, key: sealer.seal(key) },
          message: apiKeyMessages.created,
        }),
      });
      return { ...answer, data: { ...answer.data, key: sealer.open(answer.data.key) } };
    },
  );

  app.get(
    '/admin/api-keys',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['api-keys'],
        summary: 'The API keys, newest first, revoked ones marked; page by cursor (admin)',
        querystring: apiKeysQuery,
        response: { 200: pageEnvelope(apiKeySummary), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listApiKeys(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key: refused from the next call on, in every process (admin)',
        params: apiKeyIdParams,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const name = await revokeApiKey(app.db, auditActorOf(request), request.params.id);
      return {
        success: true as const,
        data: { id: request.params.id },
        message: apiKeyMessages.revoked(name),
      };
    },
  );
};
