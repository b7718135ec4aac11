import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  createdWebhook,
  createWebhookRequest,
  webhookDelivery,
  webhookDeliveryIdParams,
  webhookIdParams,
  webhookMessages,
  webhookSummary,
  webhooksQuery,
} from '@proper-parts/domain/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { replaySeal } from '../api-keys/replay-seal.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
} from './webhook-store.ts';

/**
 * Issue 34: an admin registers the endpoints the shop posts its events to, sees each delivery,
 * and resends one. Every admin sees every endpoint: they are the shop's. API keys reach none of
 * this (no scope names it).
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = {
    allowHttp: app.config.WEBHOOK_ALLOW_HTTP,
    allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
  };
  // The secret is kept sealed in the Idempotency-Key record, as an API key is (replay-seal.ts).
  const sealer = replaySeal(app.auth.options.secret as string);

  app.post(
    '/admin/webhooks',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Register a webhook endpoint; its signing secret is in this answer only (admin)',
        body: createWebhookRequest,
        response: { 200: successEnvelope(createdWebhook), ...errorResponses },
      },
    },
    async (request, reply) => {
      const answer = await answerOnce(app.db, request, reply, {
        create: (db) => createEndpoint(db, auditActorOf(request), request.body, policy),
        answer: (created) => ({
          success: true as const,
          data: { ...created, secret: sealer.seal(created.secret) },
          message: webhookMessages.created,
        }),
      });
      return { ...answer, data: { ...answer.data, secret: sealer.open(answer.data.secret) } };
    },
  );

  app.get(
    '/admin/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['webhooks'],
        summary: 'The webhook endpoints, newest first, with their state; page by cursor (admin)',
        querystring: webhooksQuery,
        response: { 200: pageEnvelope(webhookSummary), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listEndpoints(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint and its deliveries (admin)',
        params: webhookIdParams,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteEndpoint(app.db, auditActorOf(request), request.params.id);
      return {
        success: true as const,
        data: { id: request.params.id },
        message: webhookMessages.deleted,
      };
    },
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['webhooks'],
        summary:
          "An endpoint's deliveries, newest first: status, latency, answer; by cursor (admin)",
        params: webhookIdParams,
        querystring: webhooksQuery,
        response: { 200: pageEnvelope(webhookDelivery), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listDeliveries(app.db, request.params.id, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.post(
    '/admin/webhooks/deliveries/:id/resend',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Queue a delivery again now; a disabled endpoint is enabled again (admin)',
        params: webhookDeliveryIdParams,
        response: { 200: successEnvelope(webhookDelivery), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) => resendDelivery(db, auditActorOf(request), request.params.id),
        answer: (delivery) => ({
          success: true as const,
          data: delivery,
          message: webhookMessages.resent,
        }),
      }),
  );
};
