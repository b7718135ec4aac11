import { addressRequest, companyAddress, idParams } from '@proper-parts/domain/companies';
import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { ADMINS, callerMembership } from './company-access.ts';
import { addAddress, deleteAddress, listAddresses } from './company-addresses.ts';

const tags = ['companies'];
const signedIn = { access: 'signed-in' as const };

/** A company's address book (issue 19): members read it, company admins change it. */
export const companyAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/company/addresses',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "My company's shipping addresses (members)",
        querystring: paginationQuery,
        response: { 200: pageEnvelope(companyAddress), ...errorResponses },
      },
    },
    async (request) => {
      const me = await callerMembership(request);
      const { items, nextCursor } = await listAddresses(db, me.companyId, request.query);
      return { success: true as const, data: items, nextCursor };
    },
  );

  app.post(
    '/company/addresses',
    {
      config: { ...signedIn, idempotent: true },
      schema: {
        tags,
        summary: 'Add a shipping address to the book (company admins)',
        body: addressRequest,
        response: { 200: successEnvelope(companyAddress), ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = await callerMembership(request, ADMINS);
      return answerOnce(db, request, reply, {
        create: (tx) => addAddress(tx, me.companyId, request.body),
        answer: (data) => ({ success: true as const, data, message: 'Address added' }),
      });
    },
  );

  app.delete(
    '/company/addresses/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Delete a shipping address from the book (company admins)',
        params: idParams,
        response: { 200: successEnvelope(idParams), ...errorResponses },
      },
    },
    async (request) => {
      const me = await callerMembership(request, ADMINS);
      await deleteAddress(db, me.companyId, request.params.id);
      return {
        success: true as const,
        data: { id: request.params.id },
        message: 'Address deleted',
      };
    },
  );
};
