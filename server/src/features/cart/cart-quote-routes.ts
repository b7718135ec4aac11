import { cartQuote, cartQuoteRequest } from '@proper-parts/domain/cart';
import { successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { priceCart, toCartQuote } from './cart-quote.ts';
import { buyerOf } from './cart-routes.ts';
import { shopPricing } from './pricing.ts';

/** Issue 33: what my cart comes to, shipped to an address: freight and tax before I pay. */
export const cartQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cart/quote',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cart'],
        summary:
          'Quote my cart shipped to `shipTo`: the lines with their tax, the shipping methods that apply (price and estimate; null price = the shop quotes the freight), freight, tax per rate and total. Writes nothing',
        body: cartQuoteRequest,
        response: { 200: successEnvelope(cartQuote), ...errorResponses },
      },
    },
    async (request) => {
      const buyer = buyerOf(actorOf(request));
      const { shipTo, shippingMethod } = request.body;
      const priced = await priceCart(
        app.db,
        shopPricing(app, app.db),
        buyer.id,
        shipTo,
        shippingMethod,
        { requireMethod: false },
      );
      return { success: true as const, data: toCartQuote(priced) };
    },
  );
};
