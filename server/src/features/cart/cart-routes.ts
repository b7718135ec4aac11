import {
  cart,
  cartLinesRequest,
  cartMessages,
  productIdParams,
  setCartLineRequest,
} from '@proper-parts/domain/cart';
import { successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { type Actor, actorOf } from '../auth/actor.ts';
import {
  addCartLines,
  previewCart,
  readCart,
  removeCartLine,
  setCartLine,
} from './cart-repository.ts';

const cartAnswer = successEnvelope(cart);

/** Admins run the shop; buying is for customers (spec §6: Purchase Now is off for admins). */
export function buyerOf(actor: Actor): Actor {
  if (actor.role === 'admin') throw new AppError('FORBIDDEN', cartMessages.adminsDoNotBuy);
  return actor;
}

/** The cart (issue 18): kept on the server per user; a visitor's is priced here but kept in the browser. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary:
          'My cart, priced now (tier prices applied); each line says what stops it, if anything',
        response: { 200: cartAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readCart(app.db, actorOf(request).id),
    }),
  );

  app.put(
    '/cart/lines/:productId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity (adds the product when it is not in the cart)",
        params: productIdParams,
        body: setCartLineRequest,
        response: { 200: cartAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const buyer = buyerOf(actorOf(request));
      const { productId } = request.params;
      return {
        success: true as const,
        data: await setCartLine(app.db, buyer.id, productId, request.body.quantity),
      };
    },
  );

  app.delete(
    '/cart/lines/:productId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary: 'Remove a line from my cart',
        params: productIdParams,
        response: { 200: cartAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await removeCartLine(app.db, actorOf(request).id, request.params.productId),
    }),
  );

  app.post(
    '/cart/merge',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary:
          "Add a visitor's cart (kept in the browser) to mine on sign-in; a product in both keeps the larger quantity",
        body: cartLinesRequest,
        response: { 200: cartAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const buyer = buyerOf(actorOf(request));
      await addCartLines(app.db, buyer.id, request.body.lines, 'merge');
      return { success: true as const, data: await readCart(app.db, buyer.id) };
    },
  );

  app.post(
    '/cart/preview',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cart'],
        summary:
          "A visitor's cart priced by the server (nothing is stored); parts no longer sold are left out",
        body: cartLinesRequest,
        response: { 200: cartAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewCart(app.db, request.body.lines),
    }),
  );
};
