import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import {
  lowStockItem,
  lowStockQuery,
  productIdParams,
  productStock,
  stockAdjustRequest,
  stockTransferRequest,
  warehouse,
  warehouseIdParams,
  warehouseMessages,
  warehouseRequest,
  warehousesQuery,
} from '@proper-parts/domain/warehouses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../http/csv-download.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { listLowStock, lowStockCsv } from './low-stock.ts';
import { adjustStock, productStockOf, transferStock } from './stock-writes.ts';
import {
  createWarehouse,
  listWarehouses,
  removeWarehouse,
  updateWarehouse,
} from './warehouse-store.ts';

/** Issue 36: a shop admin's warehouses and their stock. */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/warehouses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary: 'The warehouses in id order; page by cursor (admin)',
        querystring: warehousesQuery,
        response: { 200: pageEnvelope(warehouse), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listWarehouses(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.post(
    '/admin/warehouses',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['warehouses'],
        summary:
          "Add a warehouse: name, public name, address, and its zone: 'all' or ISO country codes (admin)",
        body: warehouseRequest,
        response: { 200: successEnvelope(warehouse), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) =>
          db.transaction(async (tx) => {
            const made = await createWarehouse(tx, request.body);
            await recordAudit(tx, request, {
              action: 'warehouse.create',
              targetType: 'warehouse',
              targetId: String(made.id),
              summary: `Warehouse "${made.name}" added`,
              after: made,
            });
            return made;
          }),
        answer: (made) => ({
          success: true as const,
          data: made,
          message: warehouseMessages.created(made.name),
        }),
      }),
  );

  app.put(
    '/admin/warehouses/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary:
          'Change a warehouse: name, public name, address and zone, all given again; audited (admin)',
        params: warehouseIdParams,
        body: warehouseRequest,
        response: { 200: successEnvelope(warehouse), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const after = await app.db.transaction(async (tx) => {
        const changed = await updateWarehouse(tx, id, request.body);
        await recordAudit(tx, request, {
          action: 'warehouse.update',
          targetType: 'warehouse',
          targetId: String(id),
          summary: warehouseMessages.updated(changed.after.name),
          before: changed.before,
          after: changed.after,
        });
        return changed.after;
      });
      return {
        success: true as const,
        data: after,
        message: warehouseMessages.updated(after.name),
      };
    },
  );

  app.delete(
    '/admin/warehouses/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary:
          'Remove a warehouse that holds no pieces and is in no order (not the first, where stock set without a warehouse goes); audited (admin)',
        params: warehouseIdParams,
        response: { 200: successEnvelope(warehouse), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const removed = await app.db.transaction(async (tx) => {
        const gone = await removeWarehouse(tx, id);
        await recordAudit(tx, request, {
          action: 'warehouse.remove',
          targetType: 'warehouse',
          targetId: String(id),
          summary: warehouseMessages.removed(gone.name),
          before: gone,
        });
        return gone;
      });
      return {
        success: true as const,
        data: removed,
        message: warehouseMessages.removed(removed.name),
      };
    },
  );

  app.get(
    '/admin/stock/:productId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary: "A product's stock in every warehouse, and its sum (admin)",
        params: productIdParams,
        response: { 200: successEnvelope(productStock), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await productStockOf(app.db, request.params.productId),
    }),
  );

  app.put(
    '/admin/stock/:productId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary:
          "Set a product's count in one warehouse, with the reason (audited); the product's available quantity stays the sum (admin)",
        params: productIdParams,
        body: stockAdjustRequest,
        response: { 200: successEnvelope(productStock), ...errorResponses },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const data = await app.db.transaction(async (tx) => {
        const done = await adjustStock(tx, productId, request.body);
        await recordAudit(tx, request, {
          action: 'stock.adjust',
          targetType: 'product',
          targetId: productId,
          summary: `Stock in ${done.warehouse} ${done.before} → ${done.after}: ${request.body.reason}`,
          before: { warehouse: done.warehouse, quantity: done.before },
          after: { warehouse: done.warehouse, quantity: done.after, reason: request.body.reason },
        });
        return productStockOf(tx, productId);
      });
      return { success: true as const, data, message: 'Stock saved' };
    },
  );

  app.post(
    '/admin/stock/transfers',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['warehouses'],
        summary:
          'Move pieces of a product from one warehouse to another: all or nothing, never below 0 (admin)',
        body: stockTransferRequest,
        response: { 200: successEnvelope(productStock), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) =>
          db.transaction(async (tx) => {
            const { productId, quantity } = request.body;
            const moved = await transferStock(tx, request.body);
            await recordAudit(tx, request, {
              action: 'stock.transfer',
              targetType: 'product',
              targetId: productId,
              summary: warehouseMessages.transferred(quantity, moved.from, moved.to),
              after: { from: moved.from, to: moved.to, quantity },
            });
            return { stock: await productStockOf(tx, productId), ...moved };
          }),
        answer: ({ stock, from, to }) => ({
          success: true as const,
          data: stock,
          message: warehouseMessages.transferred(request.body.quantity, from, to),
        }),
      }),
  );

  app.get(
    '/admin/stock/low',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary:
          'What is below its reorder point, per warehouse (warehouse, then product); page by cursor (admin)',
        querystring: lowStockQuery,
        response: { 200: pageEnvelope(lowStockItem), ...errorResponses },
      },
    },
    async (request) => {
      const { items, nextCursor } = await listLowStock(app.db, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.get(
    '/admin/stock/low.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['warehouses'],
        summary: 'The low-stock list as CSV, every cell formula-safe; streamed (admin)',
        produces: ['text/csv'],
        querystring: lowStockQuery.pick({ warehouse: true }),
        response: { 200: z.any(), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'low-stock.csv', lowStockCsv(app.db, request.query.warehouse)),
  );
};
