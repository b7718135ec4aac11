import { pageEnvelope, paginationQuery, successEnvelope } from '@proper-parts/domain/envelope';
import {
  createOrderRequest,
  deletedCountResponse,
  insertedIdResponse,
  order,
  orderIdParams,
  orderMessages,
} from '@proper-parts/domain/orders';
import { emailParams } from '@proper-parts/domain/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { approvalRequestedMail, orderAwaitingApprovalMail } from '../companies/approval-mails.ts';
import { approversOf } from '../companies/approvals-repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { refusalFor, requireOwnOrder } from './order-access.ts';
import { orderPlacedMail, sendInBackground } from './order-mails.ts';
import { type OrderRow, orderWithLines } from './order-view.ts';
import { cancelUnpaidOrder, findOrder, listOrdersOfUser } from './orders-repository.ts';
import { placeOrder } from './place-order.ts';

/** A customer's side of orders: place, list, read and cancel their own (spec §7). */
export const ordersRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/purchase',
      {
        config: { access: 'signed-in', placesOrder: 'purchase', idempotent: true },
        schema: {
          tags: ['orders'],
          summary:
            'Place an order (customers). Price, name and image come from the product; name and email from the session.',
          body: createOrderRequest,
          response: { 200: successEnvelope(insertedIdResponse), ...errorResponses },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        // Admins manage orders; buying is for customers (spec §6: Purchase Now is off for admins).
        if (actor.role === 'admin') throw new AppError('FORBIDDEN', 'Admins cannot place orders');
        return answerOnce(app.db, request, reply, {
          create: (db) => placeOrder(db, actor, request.body, app.config.APPROVAL_HOLD_HOURS),
          answer: (placed) => ({
            success: true as const,
            data: { insertedId: placed._id },
            message:
              placed.status === 'awaiting_approval'
                ? `Order ${placed._id} placed: it is above your limit and awaits approval`
                : orderMessages.placed(placed._id),
          }),
          after: async (placed) => {
            if (placed.status === 'awaiting_approval' && placed.companyId) {
              // Above a company buyer's limit, as at checkout: the buyer is told it waits, the
              // company's approvers are asked.
              const found = (await findOrder(app.db, placed._id)) as OrderRow;
              const order = await orderWithLines(app.db, found);
              sendInBackground(mailer, orderAwaitingApprovalMail(order), request.log);
              const approvalsUrl = new URL(
                '/dashboard/approvals',
                app.config.PUBLIC_URL,
              ).toString();
              for (const approver of await approversOf(app.db, placed.companyId))
                sendInBackground(
                  mailer,
                  approvalRequestedMail(order, approver, approvalsUrl),
                  request.log,
                );
            } else sendInBackground(mailer, orderPlacedMail(placed), request.log);
          },
        });
      },
    );

    app.get(
      '/purchase/:email',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['orders'],
          summary: 'My orders, newest first (own email only); cancelled ones are left out',
          params: emailParams,
          querystring: paginationQuery,
          response: { 200: pageEnvelope(order), ...errorResponses },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        if (actor.email.toLowerCase() !== request.params.email)
          throw new AppError('FORBIDDEN', 'You can only list your own orders');
        const { items, nextCursor } = await listOrdersOfUser(app.db, actor.id, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.get(
      '/myPurchase/:id',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['orders'],
          summary: 'One order (its owner, or an admin)',
          params: orderIdParams,
          response: { 200: successEnvelope(order), ...errorResponses },
        },
      },
      async (request) => {
        const found = await requireOwnOrder(app.db, actorOf(request), request.params.id, {
          adminToo: true,
        });
        return { success: true as const, data: await orderWithLines(app.db, found) };
      },
    );

    app.delete(
      '/myPurchase/:id',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['orders'],
          summary: 'Cancel my unpaid order; its stock goes back to the product',
          params: orderIdParams,
          response: { 200: successEnvelope(deletedCountResponse), ...errorResponses },
        },
      },
      async (request) => {
        await requireOwnOrder(app.db, actorOf(request), request.params.id, { adminToo: true });
        const cancelled = await cancelUnpaidOrder(app.db, request.params.id);
        if (!cancelled) throw await refusalFor(app.db, request.params.id, 'cancel');
        return {
          success: true as const,
          data: { deletedCount: 1 },
          message: orderMessages.cancelled(cancelled.purchaseName),
        };
      },
    );
  };
