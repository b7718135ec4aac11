import {
  listIdParams,
  reorderResult,
  savedList,
  savedListSummary,
  saveListRequest,
} from '@proper-parts/domain/cart';
import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { buyerOf } from './cart-routes.ts';
import {
  addListToCart,
  deleteSavedList,
  findSavedList,
  listSavedLists,
  saveCartAsList,
} from './saved-lists-repository.ts';

const addedToCart = reorderResult.pick({ cart: true, added: true });

/** Saved lists (requisition lists): a cart kept under a name, added to the cart again later. */
export const savedListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lists',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary: 'My saved lists, the most recently saved first',
        querystring: paginationQuery,
        response: { 200: pageEnvelope(savedListSummary), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listSavedLists(
        app.db,
        actorOf(request).id,
        request.query,
      );
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.post(
    '/lists',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary: 'Save my cart as a named list (a list of that name is replaced)',
        body: saveListRequest,
        response: { 200: successEnvelope(savedListSummary), ...errorResponses },
      },
    },
    async (request) => {
      const buyer = buyerOf(actorOf(request));
      const saved = await saveCartAsList(app.db, buyer.id, request.body.name);
      return { success: true as const, data: saved, message: `Saved as "${saved.name}"` };
    },
  );

  app.get(
    '/lists/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary: 'One of my saved lists, with its lines',
        params: listIdParams,
        response: { 200: successEnvelope(savedList), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await findSavedList(app.db, actorOf(request).id, request.params.id),
    }),
  );

  app.delete(
    '/lists/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary: 'Delete one of my saved lists',
        params: listIdParams,
        response: { 200: successEnvelope(listIdParams), ...errorResponses },
      },
    },
    async (request) => {
      await deleteSavedList(app.db, actorOf(request).id, request.params.id);
      return { success: true as const, data: { id: request.params.id }, message: 'List deleted' };
    },
  );

  app.post(
    '/lists/:id/add-to-cart',
    {
      config: { access: 'signed-in', idempotent: true },
      schema: {
        tags: ['cart'],
        summary: 'Add a whole saved list to my cart (quantities add to lines already there)',
        params: listIdParams,
        response: { 200: successEnvelope(addedToCart), ...errorResponses },
      },
    },
    async (request, reply) => {
      const buyer = buyerOf(actorOf(request));
      return answerOnce(app.db, request, reply, {
        create: (db) => addListToCart(db, buyer.id, request.params.id),
        answer: (data) => ({ success: true as const, data }),
      });
    },
  );
};
