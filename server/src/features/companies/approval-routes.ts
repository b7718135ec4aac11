import { companyMessages, idParams, rejectRequest } from '@proper-parts/domain/companies';
import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import { order } from '@proper-parts/domain/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { actorOf } from '../auth/actor.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { orderApprovedMail, orderRejectedMail } from './approval-mails.ts';
import { approveOrder, listAwaitingApproval, rejectOrder } from './approvals-repository.ts';
import { APPROVERS, requireMembership } from './company-access.ts';

/** Approvals of orders above a buyer's limit (issue 19): approvers and company admins decide. */
export const approvalRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/company/approvals',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['companies'],
          summary: "My company's orders awaiting approval, the oldest (first to expire) first",
          querystring: paginationQuery,
          response: { 200: pageEnvelope(order), ...errorResponses },
        },
      },
      async (request) => {
        const approver = await requireMembership(app.db, actorOf(request), APPROVERS);
        const { items, nextCursor } = await listAwaitingApproval(
          app.db,
          approver.companyId,
          request.query,
        );
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.post(
      '/company/approvals/:id/approve',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['companies'],
          summary:
            "Approve an order of my company above its buyer's limit (not my own): on account it goes to shipping with its invoice; by card it waits for the card",
          params: idParams,
          response: { 200: successEnvelope(order), ...errorResponses },
        },
      },
      async (request) => {
        const approver = await requireMembership(app.db, actorOf(request), APPROVERS);
        const approved = await approveOrder(
          app.db,
          approver,
          request.params.id,
          auditActorOf(request),
        );
        sendInBackground(mailer, orderApprovedMail(approved), request.log);
        return { success: true as const, data: approved, message: 'Order approved' };
      },
    );

    app.post(
      '/company/approvals/:id/reject',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['companies'],
          summary:
            'Reject an order of my company awaiting approval, with a reason: its stock and credit are released',
          params: idParams,
          body: rejectRequest,
          response: { 200: successEnvelope(order), ...errorResponses },
        },
      },
      async (request) => {
        const approver = await requireMembership(app.db, actorOf(request), APPROVERS);
        const rejected = await rejectOrder(
          app.db,
          approver,
          request.params.id,
          request.body.reason,
          auditActorOf(request),
        );
        sendInBackground(mailer, orderRejectedMail(rejected), request.log);
        return { success: true as const, data: rejected, message: companyMessages.rejected };
      },
    );
  };
