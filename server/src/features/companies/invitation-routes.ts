import {
  acceptInvitationRequest,
  company,
  idParams,
  invitation,
  invitationPreview,
  inviteRequest,
} from '@proper-parts/domain/companies';
import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { ADMINS, callerMembership } from './company-access.ts';
import { invitationLink, invitationMail } from './company-mails.ts';
import { readCompany } from './company-repository.ts';
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
 * A company's invitations (issue 19): company admins invite, list and withdraw; the invited
 * colleague previews and accepts the link, signed in with the invited address.
 */
export const invitationRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    const db = app.db;

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
        const me = await callerMembership(request, ADMINS);
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
        const me = await callerMembership(request, ADMINS);
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
        const me = await callerMembership(request, ADMINS);
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
  };
