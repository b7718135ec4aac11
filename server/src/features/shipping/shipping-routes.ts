import { successEnvelope } from '@proper-parts/domain/envelope';
import { formatPrice } from '@proper-parts/domain/format';
import { order, orderIdParams } from '@proper-parts/domain/orders';
import {
  freightQuoteRequest,
  shippingMessages,
  shippingMethodList,
  shippingMethodsRequest,
} from '@proper-parts/domain/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { shopPricing } from '../cart/pricing.ts';
import { enterFreight } from './enter-freight.ts';
import { listStoredMethods, replaceShippingMethods, toMethodView } from './shipping-repository.ts';

/** Issue 33: the admin's shipping methods, and the freight the shop quotes on heavy orders. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/shipping-methods',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary:
          'The shipping methods checkout offers: weight bands per zone, free-freight threshold, pickup, quoted freight above a weight (admin)',
        response: { 200: successEnvelope(shippingMethodList), ...errorResponses },
      },
    },
    async () => ({
      success: true as const,
      data: { methods: (await listStoredMethods(app.db)).map(toMethodView) },
    }),
  );

  app.put(
    '/admin/shipping-methods',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary: 'Replace the shipping methods, in the order checkout shows them (admin)',
        body: shippingMethodsRequest,
        response: { 200: successEnvelope(shippingMethodList), ...errorResponses },
      },
    },
    async (request) => {
      const methods = await replaceShippingMethods(
        app.db,
        auditActorOf(request),
        request.body.methods,
      );
      // This process's rate cache drops them now, not when the notification arrives.
      app.changes.emit('shipping_methods');
      return {
        success: true as const,
        data: { methods },
        message: `${methods.length} methods saved`,
      };
    },
  );

  app.put(
    '/manageOrder/:id/freight',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['shipping'],
        summary:
          'Enter the freight of an order awaiting a freight quote (admin): its tax follows, the total is updated, and the buyer can pay it',
        params: orderIdParams,
        body: freightQuoteRequest,
        response: { 200: successEnvelope(order), ...errorResponses },
      },
    },
    async (request) => {
      const updated = await enterFreight(
        app.db,
        auditActorOf(request),
        request.params.id,
        Math.round(request.body.freight * 100),
        (db) => shopPricing(app, db).tax,
        app.config.APPROVAL_HOLD_HOURS,
      );
      return {
        success: true as const,
        data: updated,
        message: shippingMessages.freightEntered(
          formatPrice(updated.freight),
          formatPrice(updated.total),
        ),
      };
    },
  );
};
