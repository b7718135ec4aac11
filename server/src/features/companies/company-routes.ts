import {
  acceptInvitationRequest,
  addressRequest,
  type CompanyRole,
  company,
  companyAddress,
  createCompanyRequest,
  idParams,
  invitation,
  invitationPreview,
  inviteRequest,
  member,
  memberParams,
  myCompanyResponse,
  updateCompanyRequest,
  updateMemberRequest,
} from '@proper-parts/domain/companies';
import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { ADMINS, membershipOf as findMembership, requireMembership } from './company-access.ts';
import { invitationLink, invitationMail } from './company-mails.ts';
import {
  addAddress,
  createCompany,
  deleteAddress,
  listAddresses,
  listMembers,
  readCompany,
  removeMember,
  updateCompany,
  updateMember,
} from './company-repository.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitation-repository.ts';

const tags = ['companies'];
const signedIn = { access: 'signed-in' as const };

/**
 * Company accounts: the company, its members, invitations and addresses (issue 19). Every route
 * reads the caller's membership from the database (company-access.ts): not a member → 404,
 * a role that may not → 403.
 */
export const companyRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    const db = app.db;
    const membershipOf = (request: FastifyRequest, roles: readonly CompanyRole[] = []) =>
      requireMembership(db, actorOf(request), roles);

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
        const me = await membershipOf(request, ADMINS);
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
        const me = await membershipOf(request);
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
        const me = await membershipOf(request, ADMINS);
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
        const me = await membershipOf(request);
        await removeMember(db, me, request.params.userId);
        const left = me.userId === request.params.userId;
        return {
          success: true as const,
          data: { userId: request.params.userId },
          message: left ? `You left ${me.companyName}` : 'Member removed',
        };
      },
    );

    app.post(
      '/company/invitations',
      {
        // A retry would mail a second link and withdraw the first.
        config: { ...signedIn, idempotent: true },
        schema: {
          tags,
          summary: 'Invite a colleague by email: a single-use link that expires (company admins)',
          body: inviteRequest,
          response: { 200: successEnvelope(invitation), ...errorResponses },
        },
      },
      async (request, reply) => {
        const me = await membershipOf(request, ADMINS);
        return answerOnce(db, request, reply, {
          create: (tx) => createInvitation(tx, me, request.body),
          answer: ({ invitation }) => ({
            success: true as const,
            data: invitation,
            message: `Invitation sent to ${invitation.email}`,
          }),
          after: ({ invitation, token }) => {
            const url = invitationLink(app.config, request.headers.origin, token);
            sendInBackground(
              mailer,
              invitationMail(invitation.email, invitation.role, url),
              request.log,
            );
          },
        });
      },
    );

    app.get(
      '/company/invitations',
      {
        config: signedIn,
        schema: {
          tags,
          summary: "My company's invitations, newest first, with their status (company admins)",
          querystring: paginationQuery,
          response: { 200: pageEnvelope(invitation), ...errorResponses },
        },
      },
      async (request) => {
        const me = await membershipOf(request, ADMINS);
        const { items, nextCursor } = await listInvitations(db, me.companyId, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.delete(
      '/company/invitations/:id',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'Withdraw an invitation: its link stops working (company admins)',
          params: idParams,
          response: { 200: successEnvelope(invitation), ...errorResponses },
        },
      },
      async (request) => {
        const me = await membershipOf(request, ADMINS);
        const data = await revokeInvitation(db, me.companyId, request.params.id);
        return { success: true as const, data, message: 'Invitation withdrawn' };
      },
    );

    app.get(
      '/company/invitations/preview',
      {
        config: signedIn,
        schema: {
          tags,
          summary: 'What an invitation link invites to, and whether it can still be accepted',
          querystring: acceptInvitationRequest,
          response: { 200: successEnvelope(invitationPreview), ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await previewInvitation(db, request.query.token),
      }),
    );

    app.post(
      '/company/invitations/accept',
      {
        config: signedIn,
        schema: {
          tags,
          summary:
            'Accept an invitation (once, signed in with the invited address); confirms the address',
          body: acceptInvitationRequest,
          response: { 200: successEnvelope(company), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const accepted = await acceptInvitation(
          db,
          actor,
          request.body.token,
          app.config.ADMIN_EMAILS,
        );
        return {
          success: true as const,
          data: await readCompany(db, actor.id),
          message: `You joined ${accepted.companyName}`,
        };
      },
    );

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
        const me = await membershipOf(request);
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
        const me = await membershipOf(request, ADMINS);
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
        const me = await membershipOf(request, ADMINS);
        await deleteAddress(db, me.companyId, request.params.id);
        return {
          success: true as const,
          data: { id: request.params.id },
          message: 'Address deleted',
        };
      },
    );
  };
