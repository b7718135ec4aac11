import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  buyerPrice,
  priceList,
  priceListIdParams,
  priceListMessages,
  priceListRequest,
  priceListSettingsRequest,
  priceListSummary,
  priceListsQuery,
  pricesQuery,
} from '@proper-parts/domain/price-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { PRIVATE_ANSWER } from '../../plugins/private-answers.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { actorOf } from '../auth/actor.ts';
import { buyerPrices } from './buyer-prices.ts';
import {
  createPriceList,
  deletePriceList,
  listPriceLists,
  readPriceList,
  replacePriceList,
  updatePriceListSettings,
} from './price-list-store.ts';

const summaryOf = (body: { name: string; priority: number; entries: unknown[] }) => ({
  name: body.name,
  priority: body.priority,
  entries: body.entries.length,
});

/** Issue 35, decision 038: a shop admin's contract price lists. */
export const priceListAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/price-lists',
    {
      config: { access: 'admin', idempotent: true },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['price-lists'],
        summary:
          'Create a contract price list for companies: product prices with breaks, or percent off a brand, a category or everything (admin)',
        body: priceListRequest,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) =>
          db.transaction(async (tx) => {
            const id = await createPriceList(tx, request.body);
            await recordAudit(tx, request, {
              action: 'price-list.create',
              targetType: 'price-list',
              targetId: id,
              summary: `Price list "${request.body.name}" created`,
              after: summaryOf(request.body),
            });
            return { id };
          }),
        answer: (created) => ({
          success: true as const,
          data: created,
          message: priceListMessages.created(request.body.name),
        }),
      }),
  );

  app.get(
    '/admin/price-lists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: 'The price lists, newest first; page by cursor (admin)',
        querystring: priceListsQuery,
        response: { 200: pageEnvelope(priceListSummary), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listPriceLists(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.get(
    '/admin/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary: 'One price list with its companies and entries (admin)',
        params: priceListIdParams,
        response: { 200: successEnvelope(priceList), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readPriceList(app.db, request.params.id),
    }),
  );

  app.put(
    '/admin/price-lists/:id',
    {
      config: { access: 'admin' },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['price-lists'],
        summary:
          'Replace a price list: its name, validity, priority, companies and entries (admin)',
        params: priceListIdParams,
        body: priceListRequest,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        await replacePriceList(tx, id, request.body);
        await recordAudit(tx, request, {
          action: 'price-list.update',
          targetType: 'price-list',
          targetId: id,
          summary: `Price list "${request.body.name}" saved`,
          after: summaryOf(request.body),
        });
      });
      return {
        success: true as const,
        data: { id },
        message: priceListMessages.saved(request.body.name),
      };
    },
  );

  app.patch(
    '/admin/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary:
          "Replace a price list's settings (name, validity, priority and companies, all given as the admin page sends them); its entries stay as they are (admin)",
        params: priceListIdParams,
        body: priceListSettingsRequest,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, priority, companyIds } = request.body;
      await app.db.transaction(async (tx) => {
        await updatePriceListSettings(tx, id, request.body);
        await recordAudit(tx, request, {
          action: 'price-list.update',
          targetType: 'price-list',
          targetId: id,
          summary: `Price list "${name}" saved`,
          after: { name, priority, companies: companyIds.length },
        });
      });
      return { success: true as const, data: { id }, message: priceListMessages.saved(name) };
    },
  );

  app.delete(
    '/admin/price-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['price-lists'],
        summary:
          'Delete a price list: its companies pay tier and list prices again at once (admin)',
        params: priceListIdParams,
        response: { 200: successEnvelope(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const name = await app.db.transaction(async (tx) => {
        const deleted = await deletePriceList(tx, id);
        await recordAudit(tx, request, {
          action: 'price-list.delete',
          targetType: 'price-list',
          targetId: id,
          summary: `Price list "${deleted}" deleted`,
        });
        return deleted;
      });
      return { success: true as const, data: { id }, message: priceListMessages.deleted(name) };
    },
  );
};

/**
 * `GET /catalog/prices`: the signed-in buyer's own prices, answered per request for their
 * company, `Cache-Control: private, no-store` (decision 038: public answers keep list prices).
 */
export const buyerPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog/prices',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['catalog'],
        summary:
          "My prices for up to 100 products (comma-separated productIds): my company's contract price where a price list gives one, else the tier or list price; never cached shared",
        querystring: pricesQuery,
        response: { 200: successEnvelope(z.array(buyerPrice)), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_ANSWER);
      return {
        success: true as const,
        data: await buyerPrices(app.db, actorOf(request).id, request.query.productIds),
      };
    },
  );
};
