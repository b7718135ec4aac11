import { idParams } from '@proper-parts/domain/companies';
import { companyCatalog, setCompanyCatalogRequest } from '@proper-parts/domain/company-catalogs';
import { successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { callerMembership } from '../companies/company-access.ts';
import { readCompanyCatalog, setCompanyCatalog } from './company-catalog-store.ts';

/**
 * Issue 35, decision 039: a company's restricted catalog, set by a shop admin only (a company's
 * own admins cannot widen it: they have no route here).
 */
export const companyCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company/catalog',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['companies'],
        summary:
          "My company's catalog: the categories and brands its members are limited to, to read only (`restricted: false`: the whole catalog); 404 for someone in no company",
        response: { 200: successEnvelope(companyCatalog), ...errorResponses },
      },
    },
    async (request) => {
      const membership = await callerMembership(request);
      return {
        success: true as const,
        data: await readCompanyCatalog(app.db, membership.companyId),
      };
    },
  );

  app.get(
    '/admin/companies/:id/catalog',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary:
          "The categories and brands a company's members are limited to (`restricted: false`: the whole catalog) (admin)",
        params: idParams,
        response: { 200: successEnvelope(companyCatalog), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await readCompanyCatalog(app.db, request.params.id),
    }),
  );

  app.put(
    '/admin/companies/:id/catalog',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['companies'],
        summary:
          "Limit a company's members to some categories (with those below) and/or brands, by slug; both empty lifts the limit (admin). Their search, product pages, quick order, cart and checkout follow at their next request",
        params: idParams,
        body: setCompanyCatalogRequest,
        response: { 200: successEnvelope(companyCatalog), ...errorResponses },
      },
    },
    async (request) => {
      const data = await setCompanyCatalog(
        app.db,
        auditActorOf(request),
        request.params.id,
        request.body,
      );
      return { success: true as const, data, message: 'Catalog saved' };
    },
  );
};
