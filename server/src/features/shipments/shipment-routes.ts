import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { orderIdParams, orderMessages } from '@proper-parts/domain/orders';
import {
  createShipmentRequest,
  shipment,
  shipmentIdParams,
  shipmentMessages,
  shipmentsQuery,
} from '@proper-parts/domain/shipments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { actorOf } from '../auth/actor.ts';
import { mayReadOrderPapers } from '../companies/company-access.ts';
import { invoiceSellerFromConfig } from '../invoices/invoice-document.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { renderPackingSlipPdf } from './packing-slip-pdf.ts';
import { createShipment } from './ship-lines.ts';
import { shipmentMail } from './shipment-mail.ts';
import { findShipment, listShipments, orderOwner } from './shipments-repository.ts';

const tags = ['orders'];

/** Issue 33: shipments of an order's lines, with carrier and tracking, and their packing slips. */
export const shipmentRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    const seller = invoiceSellerFromConfig(app.config);

    app.post(
      '/manageOrder/:id/shipments',
      {
        config: { access: 'admin', idempotent: true },
        schema: {
          tags,
          summary:
            "Ship some or all of a paid order's remaining pieces, with carrier and tracking number (admin); the order is partially_shipped until all are, then shipped, and the buyer is mailed",
          params: orderIdParams,
          body: createShipmentRequest,
          response: { 200: successEnvelope(shipment), ...errorResponses },
        },
      },
      async (request, reply) =>
        answerOnce(app.db, request, reply, {
          create: (tx) =>
            createShipment(tx, auditActorOf(request), request.params.id, request.body),
          answer: ({ shipment: made }) => ({
            success: true as const,
            data: made,
            message: shipmentMessages.created(
              made.lines.reduce((sum, line) => sum + line.quantity, 0),
            ),
          }),
          after: ({ order, shipment: made }) =>
            sendInBackground(mailer, shipmentMail(order, made), request.log),
        }),
    );

    app.get(
      '/orders/:id/shipments',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "An order's shipments, oldest first, with their lines and tracking: its buyer, its company's admins and approvers, or a shop admin; anyone else gets a 404",
          params: orderIdParams,
          querystring: shipmentsQuery,
          response: { 200: pageEnvelope(shipment), ...errorResponses },
        },
      },
      async (request) => {
        // Readers of the order's invoice read its shipments; to anyone else it is not there.
        const owner = await orderOwner(app.db, request.params.id);
        if (!owner || !(await mayReadOrderPapers(app.db, actorOf(request), owner)))
          throw new AppError('NOT_FOUND', orderMessages.orderNotFound);
        const { items, nextCursor } = await listShipments(app.db, request.params.id, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.get(
      '/shipments/:id/packing-slip.pdf',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "A shipment's packing slip (PDF): lines, pieces, ship-to, carrier, tracking number. Its buyer, its company's admins and approvers, or a shop admin; anyone else gets a 404",
          params: shipmentIdParams,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('application/pdf'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const found = await findShipment(app.db, request.params.id);
        if (!found || !(await mayReadOrderPapers(app.db, actorOf(request), found.order)))
          throw new AppError('NOT_FOUND', shipmentMessages.notFound);
        const pdf = await renderPackingSlipPdf({
          shipment: found.shipment,
          seller,
          shipTo: found.order,
          poNumber: found.order.poNumber,
        });
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="packing-slip-${found.shipment.id.slice(0, 8)}.pdf"`,
          )
          .send(pdf);
      },
    );
  };
