import {
  backorderAdminMessages,
  backorderSettings,
  backorderSettingsRequest,
  purchaseOrder,
  purchaseOrderIdParams,
  purchaseOrderReceipt,
  purchaseOrderReceiveRequest,
  purchaseOrderRequest,
  purchaseOrdersQuery,
} from '@proper-parts/domain/backorders';
import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { productIdParams } from '@proper-parts/domain/warehouses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit-log.ts';
import {
  addPurchaseOrder,
  backorderSettingsOf,
  listPurchaseOrders,
  removePurchaseOrder,
  setBackorderSettings,
} from './backorder-store.ts';
import { receivePurchaseOrder } from './receive-purchase-order.ts';

/** Issue 36: a product's backorder terms and the purchase orders of incoming stock (admin). */
export const backorderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/products/:productId/backorder',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['backorders'],
        summary:
          "A product's backorder terms (allowed, lead time in days) and the open pieces of its purchase orders (admin)",
        params: productIdParams,
        response: { 200: successEnvelope(backorderSettings), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await backorderSettingsOf(app.db, request.params.productId),
    }),
  );

  app.put(
    '/admin/products/:productId/backorder',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['backorders'],
        summary:
          'Whether a product takes backorders above its stock, and its lead time in days (null: only up to its purchase orders); audited (admin)',
        params: productIdParams,
        body: backorderSettingsRequest,
        response: { 200: successEnvelope(backorderSettings), ...errorResponses },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const before = await setBackorderSettings(tx, productId, request.body);
        await recordAudit(tx, request, {
          action: 'backorder.terms',
          targetType: 'product',
          targetId: productId,
          summary: `Backorders ${request.body.allowed ? 'allowed' : 'off'} for ${before.sku}${
            request.body.leadTimeDays === null
              ? ''
              : `, lead time ${request.body.leadTimeDays} days`
          }`,
          before: { allowed: before.allowed, leadTimeDays: before.leadTimeDays },
          after: request.body,
        });
        return backorderSettingsOf(tx, productId);
      });
      return { success: true as const, data, message: backorderAdminMessages.saved };
    },
  );

  app.get(
    '/admin/purchase-orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['backorders'],
        summary:
          'Purchase orders of incoming stock, by expected day; one product with `productId`; page by cursor (admin)',
        querystring: purchaseOrdersQuery,
        response: { 200: pageEnvelope(purchaseOrder), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listPurchaseOrders(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.post(
    '/admin/purchase-orders',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['backorders'],
        summary:
          'Add a purchase order of incoming stock: product, quantity, expected day; its pieces may be backordered at once (admin)',
        body: purchaseOrderRequest,
        response: { 200: successEnvelope(purchaseOrder), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) =>
          db.transaction(async (tx) => {
            const made = await addPurchaseOrder(tx, request.body);
            await recordAudit(tx, request, {
              action: 'purchase-order.create',
              targetType: 'purchase-order',
              targetId: made.id,
              summary: `${made.sku}: ${backorderAdminMessages.added(made.quantity, made.expectedOn)}`,
              after: made,
            });
            return made;
          }),
        answer: (made) => ({
          success: true as const,
          data: made,
          message: backorderAdminMessages.added(made.quantity, made.expectedOn),
        }),
      }),
  );

  app.delete(
    '/admin/purchase-orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['backorders'],
        summary:
          'Remove a purchase order none of whose pieces are promised to orders (409 otherwise) (admin)',
        params: purchaseOrderIdParams,
        response: { 200: successEnvelope(purchaseOrder), ...errorResponses },
      },
    },
    async (request) => {
      const data = await app.db.transaction(async (tx) => {
        const gone = await removePurchaseOrder(tx, request.params.id);
        await recordAudit(tx, request, {
          action: 'purchase-order.delete',
          targetType: 'purchase-order',
          targetId: gone.id,
          summary: `${gone.sku}: purchase order of ${gone.quantity} expected on ${gone.expectedOn} removed`,
          before: gone,
        });
        return gone;
      });
      return { success: true as const, data, message: backorderAdminMessages.removed };
    },
  );

  app.post(
    '/admin/purchase-orders/:id/receive',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['backorders'],
        summary:
          "A purchase order's goods came in, to a warehouse: the pieces promised to backordered lines go to those orders (to pick there), the rest into stock; once, audited (admin)",
        params: purchaseOrderIdParams,
        body: purchaseOrderReceiveRequest,
        response: { 200: successEnvelope(purchaseOrderReceipt), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) =>
          db.transaction(async (tx) => {
            const receipt = await receivePurchaseOrder(tx, request.params.id, request.body);
            await recordAudit(tx, request, {
              action: 'purchase-order.receive',
              targetType: 'purchase-order',
              targetId: receipt.purchaseOrder.id,
              summary: `${receipt.purchaseOrder.sku}: ${backorderAdminMessages.received(receipt)}`,
              after: receipt,
            });
            return receipt;
          }),
        answer: (receipt) => ({
          success: true as const,
          data: receipt,
          message: backorderAdminMessages.received(receipt),
        }),
      }),
  );
};
