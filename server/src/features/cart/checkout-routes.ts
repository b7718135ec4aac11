import { checkoutRequest, reorderResult } from '@proper-parts/domain/cart';
import { successEnvelope } from '@proper-parts/domain/envelope';
import { order, orderIdParams } from '@proper-parts/domain/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireOwnOrder } from '../orders/order-access.ts';
import { buyerOf } from './cart-routes.ts';
import { checkoutCart } from './checkout.ts';
import { mailPlacedOrder } from './placed-order-mails.ts';
import { shopPricing } from './pricing.ts';
import { reorder } from './saved-lists-repository.ts';

/** Checkout of the cart as one order of many lines, and "Buy again" (issue 18). */
export const checkoutRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/orders',
      {
        config: { access: 'signed-in', placesOrder: 'checkout', idempotent: true },
        schema: {
          tags: ['cart'],
          summary:
            'Place my cart as one order: every line or none. Prices come from the server; the cart is emptied. With `shipTo` and `shippingMethod`, freight and tax are priced as /cart/quote prices them (total = subtotal + freight + tax; an order whose freight the shop quotes waits as awaiting_freight). Pay it as any order (/create-payment-intent).',
          body: checkoutRequest,
          response: { 200: successEnvelope(order), ...errorResponses },
        },
      },
      async (request, reply) => {
        const buyer = buyerOf(actorOf(request));
        return answerOnce(app.db, request, reply, {
          create: (db) =>
            checkoutCart(db, buyer, request.body, {
              approvalHoldHours: app.config.APPROVAL_HOLD_HOURS,
              pricing: (tx) => shopPricing(app, tx),
            }),
          answer: (placed) => ({
            success: true as const,
            data: placed,
            message:
              placed.status === 'awaiting_approval'
                ? `Order ${placed._id} placed: it is above your limit and awaits approval`
                : `Order ${placed._id} placed`,
          }),
          after: (placed) =>
            mailPlacedOrder(
              { db: app.db, publicUrl: app.config.PUBLIC_URL },
              mailer,
              placed,
              request.log,
            ),
        });
      },
    );

    app.post(
      '/orders/:id/reorder',
      {
        config: { access: 'signed-in', idempotent: true },
        schema: {
          tags: ['cart'],
          summary:
            "Buy again: my order's lines go into my cart at today's prices; parts no longer sold and changed prices are named",
          params: orderIdParams,
          response: { 200: successEnvelope(reorderResult), ...errorResponses },
        },
      },
      async (request, reply) => {
        const buyer = buyerOf(actorOf(request));
        await requireOwnOrder(app.db, buyer, request.params.id, { adminToo: false });
        return answerOnce(app.db, request, reply, {
          create: (db) => reorder(db, buyer.id, request.params.id),
          answer: (data) => ({ success: true as const, data }),
        });
      },
    );
  };
