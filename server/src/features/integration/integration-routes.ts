import { successEnvelope } from '@proper-parts/domain/envelope';
import {
  exportOrderRequest,
  integrationCustomersPage,
  integrationListQuery,
  integrationOrdersPage,
  integrationOrdersQuery,
  integrationProductsPage,
  priceSyncRequest,
  stockSyncRequest,
  syncResults,
} from '@proper-parts/domain/integration';
import { orderIdParams } from '@proper-parts/domain/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/responses.ts';
import { syncPrices, syncStock } from './catalog-sync.ts';
import { customersForIntegration, productsForIntegration } from './master-data-feed.ts';
import { markOrderExported, ordersChangedSince } from './order-feed.ts';

/** 10,000 items with 60-character SKUs fit; anything larger is refused before it is read. */
const SYNC_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Issue 34: the ERP's side of the shop, for API keys only (`Authorization: Bearer ppk_…`), each
 * route with its scope: stock and prices in, orders out, and the ERP's order number back; the
 * catalog and the company accounts read in sweeps.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/integration/stock',
    {
      bodyLimit: SYNC_BODY_LIMIT,
      config: { access: 'api-key', scope: 'stock:write' },
      schema: {
        tags: ['integration'],
        summary:
          'Set the stock of up to 10,000 SKUs (matched whatever their case), applied in batches of 1,000; one result per item, in order',
        body: stockSyncRequest,
        response: { 200: successEnvelope(syncResults), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { results: await syncStock(app.db, request.body) },
    }),
  );

  app.put(
    '/integration/prices',
    {
      bodyLimit: SYNC_BODY_LIMIT,
      config: { access: 'api-key', scope: 'catalog:write' },
      schema: {
        tags: ['integration'],
        summary:
          'Set the price (dollars, whole cents) of up to 10,000 SKUs, applied in batches of 1,000; one result per item, in order',
        body: priceSyncRequest,
        response: { 200: successEnvelope(syncResults), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { results: await syncPrices(app.db, request.body) },
    }),
  );

  app.get(
    '/integration/orders',
    {
      config: { access: 'api-key', scope: 'orders:read' },
      schema: {
        tags: ['integration'],
        summary:
          'Orders placed or changed since the cursor `since` (the last nextCursor; none: from the first), with lines, address, total and state',
        querystring: integrationOrdersQuery,
        response: { 200: successEnvelope(integrationOrdersPage), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await ordersChangedSince(app.db, request.query),
    }),
  );

  app.put(
    '/integration/orders/:id/export',
    {
      config: { access: 'api-key', scope: 'orders:write' },
      schema: {
        tags: ['integration'],
        summary: "Mark an order exported with the ERP's own order number (shown to admins)",
        params: orderIdParams,
        body: exportOrderRequest,
        response: {
          200: successEnvelope(z.object({ id: z.string(), erpOrderNumber: z.string() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { erpOrderNumber } = request.body;
      const message = await markOrderExported(app.db, id, erpOrderNumber);
      return { success: true as const, data: { id, erpOrderNumber }, message };
    },
  );

  app.get(
    '/integration/products',
    {
      config: { access: 'api-key', scope: 'catalog:read' },
      schema: {
        tags: ['integration'],
        summary:
          'The live catalog, oldest first, by cursor (the last nextCursor; null when the sweep is done): SKU, names, brand, category, price, minimum, stock, pack size and when each changed',
        querystring: integrationListQuery,
        response: { 200: successEnvelope(integrationProductsPage), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await productsForIntegration(app.db, request.query),
    }),
  );

  app.get(
    '/integration/customers',
    {
      config: { access: 'api-key', scope: 'customers:read' },
      schema: {
        tags: ['integration'],
        summary:
          'Company accounts, oldest first, by cursor: tax number, billing address, terms, credit limit, balance and their members (email, name, role)',
        querystring: integrationListQuery,
        response: { 200: successEnvelope(integrationCustomersPage), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await customersForIntegration(app.db, request.query),
    }),
  );
};
