import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { orderIdParams } from '@proper-parts/domain/orders';
import {
  adminReturnsQuery,
  createReturnRequest,
  type ReturnRequest,
  receiveReturnRequest,
  refundReturnRequest,
  refuseReturnRequest,
  returnIdParams,
  returnMessages,
  returnRequest,
  returnsQuery,
} from '@proper-parts/domain/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { actorOf } from '../auth/actor.ts';
import { invoiceSellerFromConfig } from '../invoices/invoice-document.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { approveReturn, receiveReturn, refuseReturn } from './decide-return.ts';
import { refundReturn } from './refund-return.ts';
import { requestReturn } from './request-return.ts';
import { returnApprovedMail, returnRefusedMail } from './return-mail.ts';
import { findMyReturn, findReturn, listAllReturns, listMyReturns } from './returns-repository.ts';
import { renderRmaPdf } from './rma-pdf.ts';

const rmaFile = (request: ReturnRequest) => `${request.rmaNumber ?? 'rma'}.pdf`;

const tags = ['returns'];
const answer = successEnvelope(returnRequest);

/** Issue 37 (decision 037): return requests, their approval with an RMA number, and receiving. */
export const returnsRoutes =
  ({ mailer, provider }: { mailer: Mailer; provider: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const seller = invoiceSellerFromConfig(app.config);

    app.post(
      '/orders/:id/returns',
      {
        config: { access: 'signed-in', idempotent: true },
        schema: {
          tags,
          summary: `Ask to return shipped pieces of an order, with a reason per line, within ${app.config.RETURN_WINDOW_DAYS} days of their shipment: its buyer or an admin of its company; anyone else gets a 404`,
          params: orderIdParams,
          body: createReturnRequest,
          response: { 200: answer, ...errorResponses },
        },
      },
      async (request, reply) =>
        answerOnce(app.db, request, reply, {
          create: (tx) =>
            requestReturn(
              tx,
              actorOf(request),
              request.params.id,
              request.body,
              app.config.RETURN_WINDOW_DAYS,
            ),
          answer: (made) => ({
            success: true as const,
            data: made,
            message: returnMessages.created(made.lines.reduce((sum, l) => sum + l.quantity, 0)),
          }),
        }),
    );

    app.get(
      '/returns',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "The caller's returns (their orders', and for a company admin their company's), newest first",
          querystring: returnsQuery,
          response: { 200: pageEnvelope(returnRequest), ...errorResponses },
        },
      },
      async (request) => {
        const { items, nextCursor } = await listMyReturns(app.db, actorOf(request), request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.get(
      '/returns/:id',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: "One of the caller's returns; another's gets a 404",
          params: returnIdParams,
          response: { 200: answer, ...errorResponses },
        },
      },
      async (request) => {
        const found = await findMyReturn(app.db, actorOf(request), request.params.id);
        if (!found) throw new AppError('NOT_FOUND', returnMessages.notFound);
        return { success: true as const, data: found };
      },
    );

    app.get(
      '/returns/:id/rma.pdf',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "An approved return's authorization (PDF): its RMA number, the pieces to send back and how; the buyer's side (as GET /returns/{id}) and shop admins; anyone else, or a return not approved, is a 404",
          params: returnIdParams,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('application/pdf'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const found =
          actor.role === 'admin'
            ? await findReturn(app.db, request.params.id)
            : await findMyReturn(app.db, actor, request.params.id);
        if (!found?.rmaNumber) throw new AppError('NOT_FOUND', returnMessages.notFound);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${rmaFile(found)}"`)
          .send(await renderRmaPdf(found, seller));
      },
    );

    app.get(
      '/admin/returns',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Every return, newest first, or those in one state (admin)',
          querystring: adminReturnsQuery,
          response: { 200: pageEnvelope(returnRequest), ...errorResponses },
        },
      },
      async (request) => {
        const { items, nextCursor } = await listAllReturns(app.db, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.post(
      '/admin/returns/:id/approve',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'Approve a requested return: it gets the next RMA number, and the buyer is mailed how to send it (admin)',
          params: returnIdParams,
          response: { 200: answer, ...errorResponses },
        },
      },
      async (request) => {
        const approved = await approveReturn(app.db, auditActorOf(request), request.params.id);
        // The RMA PDF goes with the mail; a PDF that cannot be made leaves the mail without it.
        const mail = returnApprovedMail(approved, seller);
        renderRmaPdf(approved, seller)
          .then((content) => {
            mail.attachments = [
              { filename: rmaFile(approved), content, contentType: 'application/pdf' },
            ];
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'RMA PDF not attached'))
          .finally(() => sendInBackground(mailer, mail, request.log));
        return {
          success: true as const,
          data: approved,
          message: returnMessages.approved(approved.rmaNumber ?? ''),
        };
      },
    );

    app.post(
      '/admin/returns/:id/refuse',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Refuse a requested return, with a reason the buyer is mailed (admin)',
          params: returnIdParams,
          body: refuseReturnRequest,
          response: { 200: answer, ...errorResponses },
        },
      },
      async (request) => {
        const refused = await refuseReturn(
          app.db,
          auditActorOf(request),
          request.params.id,
          request.body.reason,
        );
        sendInBackground(mailer, returnRefusedMail(refused), request.log);
        return { success: true as const, data: refused, message: returnMessages.refused };
      },
    );

    app.post(
      '/admin/returns/:id/receive',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            'Record what came back of an approved return, per product: restock (back in stock, once), scrap or refuse (admin)',
          params: returnIdParams,
          body: receiveReturnRequest,
          response: { 200: answer, ...errorResponses },
        },
      },
      async (request) => {
        const { received, restocked } = await receiveReturn(
          app.db,
          auditActorOf(request),
          request.params.id,
          request.body,
        );
        return {
          success: true as const,
          data: received,
          message: returnMessages.received(restocked),
        };
      },
    );

    app.post(
      '/admin/returns/:id/refund',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary:
            "Refund a received return, once whatever the retries or races: each restocked or scrapped piece's unit price and its tax, freight when asked (the shop's fault), less a restocking fee; a card order through the payment provider, an order on account by a credit note that lowers the company's balance (admin)",
          params: returnIdParams,
          body: refundReturnRequest,
          response: { 200: answer, ...errorResponses },
        },
      },
      async (request) => {
        const refunded = await refundReturn(
          app.db,
          provider,
          auditActorOf(request),
          request.params.id,
          request.body ?? {},
        );
        const cents = refunded.refundCents ?? 0;
        return {
          success: true as const,
          data: refunded,
          message: refunded.creditNote
            ? returnMessages.credited(refunded.creditNote.number, cents)
            : returnMessages.refunded(cents),
        };
      },
    );
  };
