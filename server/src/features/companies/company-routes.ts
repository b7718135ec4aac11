import {
  company,
  createCompanyRequest,
  member,
  memberParams,
  myCompanyResponse,
  updateCompanyRequest,
  updateMemberRequest,
} from '@proper-parts/domain/companies';
import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ADMINS, callerMembership, membershipOf as findMembership } from './company-access.ts';
import { companyAddressRoutes } from './company-address-routes.ts';
import { listMembers, removeMember, updateMember } from './company-members.ts';
import { createCompany, readCompany, updateCompany } from './company-repository.ts';
import { invitationRoutes } from './invitation-routes.ts';

const tags = ['companies'];
const signedIn = { access: 'signed-in' as const };

/**
 * Company accounts: the company and its members (issue 19), then its invitations and addresses
 * (invitation-routes.ts, company-address-routes.ts). Every route
 * reads the caller's membership from the database (company-access.ts): not a member → 404,
 * a role that may not → 403.
 */
export const companyRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    const db = app.db;

    app.post(
      '/company',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Create a company (customers in no company); the caller becomes its admin',
          body: createCompanyRequest,
          response: { 200: successEnvelope(company), ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await createCompany(db, actorOf(request), request.body, app.config.ADMIN_EMAILS),
        message: 'Company created',
      }),
    );

    app.get(
      '/company',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'My company, with my role and limit; null when I belong to none',
          response: { 200: successEnvelope(myCompanyResponse), ...errorResponses },
        },
      },
      async (request) => {
        // Belonging to no company is a state every checkout and dashboard page asks about, not
        // an error: a 404 here was a console error on each of them.
        const me = await findMembership(db, actorOf(request).id);
        return { success: true as const, data: me ? await readCompany(db, me.userId) : null };
      },
    );

    app.patch(
      '/company',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "Change the company's name, tax number or billing address (company admins)",
          body: updateCompanyRequest,
          response: { 200: successEnvelope(company), ...errorResponses },
        },
      },
      async (request) => {
        const me = await callerMembership(request, ADMINS);
        const data = await updateCompany(db, me, request.body);
        return { success: true as const, data, message: 'Company updated' };
      },
    );

    app.get(
      '/company/members',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'The members of my company, in the order they joined (members)',
          querystring: paginationQuery,
          response: { 200: pageEnvelope(member), ...errorResponses },
        },
      },
      async (request) => {
        const me = await callerMembership(request);
        const { items, nextCursor } = await listMembers(db, me.companyId, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.patch(
      '/company/members/:userId',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "Change a member's role or per-order limit (company admins)",
          params: memberParams,
          body: updateMemberRequest,
          response: { 200: successEnvelope(member), ...errorResponses },
        },
      },
      async (request) => {
        const me = await callerMembership(request, ADMINS);
        const data = await updateMember(db, me, request.params.userId, request.body);
        return { success: true as const, data, message: 'Member updated' };
      },
    );

    app.delete(
      '/company/members/:userId',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Remove a member (company admins), or leave the company (my own id)',
          params: memberParams,
          response: { 200: successEnvelope(memberParams), ...errorResponses },
        },
      },
      async (request) => {
        const me = await callerMembership(request);
        await removeMember(db, me, request.params.userId);
        const left = me.userId === request.params.userId;
        return {
          success: true as const,
          data: { userId: request.params.userId },
          message: left ? `You left ${me.companyName}` : 'Member removed',
        };
      },
    );

    await app.register(invitationRoutes({ mailer }));
    await app.register(companyAddressRoutes);
  };
