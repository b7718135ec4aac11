import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  acknowledgedResponse,
  deletedCountResponse,
  manageOrdersQuery,
  order,
  orderIdParams,
  orderMessages,
  ordersExportQuery,
} from '@proper-parts/domain/orders';
import { shipmentMessages } from '@proper-parts/domain/shipments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { cancelOrderAsAdmin, shipOrderAsAdmin } from './manage-orders.ts';
import { refusalFor } from './order-access.ts';
import { orderShippedMail, sendInBackground } from './order-mails.ts';
import { exportOrdersCsv } from './orders-export.ts';
import { listAllOrders } from './orders-repository.ts';

/** Manage All Orders (admin): list, ship paid orders, delete unpaid ones (spec §4, §7). */
export const manageOrdersRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/manageOrder/export.csv',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary:
            'Orders placed from `from` to `to` (YYYY-MM-DD, both included, UTC) as CSV, one row per line, oldest first; streamed (admin)',
          produces: ['text/csv'],
          querystring: ordersExportQuery,
          response: { 200: z.any(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        return sendCsv(
          reply,
          `orders-${from}-to-${to}.csv`,
          exportOrdersCsv(app.db, request.query),
        );
      },
    );

    app.get(
      '/manageOrder',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary: 'All orders, newest first; `status` filters (cancelled ones only when asked)',
          querystring: manageOrdersQuery,
          response: { 200: pageEnvelope(order), ...errorResponses },
        },
      },
      async (request) => {
        const { items, nextCursor } = await listAllOrders(app.db, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.patch(
      '/manageOrder/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary:
            'Ship what is left of a paid order as one shipment (status pending or partially_shipped → shipped)',
          params: orderIdParams,
          response: { 200: successEnvelope(acknowledgedResponse), ...errorResponses },
        },
      },
      async (request) => {
        const shipped = await shipOrderAsAdmin(app.db, auditActorOf(request), request.params.id);
        if (!shipped) throw await refusalFor(app.db, request.params.id, 'ship');
        // Only the request that moved the order to shipped gets here: one mail per shipment.
        sendInBackground(mailer, orderShippedMail(shipped), request.log);
        return {
          success: true as const,
          data: { acknowledged: true },
          message: orderMessages.shipped,
        };
      },
    );

    app.delete(
      '/manageOrder/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary:
            'Delete (cancel) an unpaid order; its stock goes back. Of a partially shipped order, cancels the unshipped rest (its stock goes back; the order is closed as shipped). Other paid orders are refused.',
          params: orderIdParams,
          response: { 200: successEnvelope(deletedCountResponse), ...errorResponses },
        },
      },
      async (request) => {
        const cancelled = await cancelOrderAsAdmin(
          app.db,
          auditActorOf(request),
          request.params.id,
        );
        if (!cancelled) throw await refusalFor(app.db, request.params.id, 'cancel');
        return {
          success: true as const,
          data: { deletedCount: 1 },
          message:
            cancelled.status === 'shipped'
              ? shipmentMessages.remainderCancelled
              : orderMessages.deleted(cancelled.purchaseName),
        };
      },
    );
  };
