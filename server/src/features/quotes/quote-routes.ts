import { cartQuote, cartQuoteRequest } from '@proper-parts/domain/cart';
import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { Order } from '@proper-parts/domain/orders';
import {
  acceptedQuote,
  acceptQuoteRequest,
  answerQuoteRequest,
  declineQuoteRequest,
  quote,
  quoteIdParams,
  quoteMessages,
  quoteSummary,
  quotesQuery,
  requestQuoteRequest,
} from '@proper-parts/domain/quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { actorOf } from '../auth/actor.ts';
import { buyerOf } from '../cart/cart-routes.ts';
import { shopPricing } from '../cart/pricing.ts';
import { approvalRequestedMail, orderAwaitingApprovalMail } from '../companies/approval-mails.ts';
import { approversOf } from '../companies/approvals-repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { acceptQuote } from './accept-quote.ts';
import { priceQuote } from './price-quote.ts';
import { visibleQuote } from './quote-access.ts';
import { listAllQuotes, listMyQuotes } from './quote-lists.ts';
import {
  newQuoteMail,
  quoteAcceptedMail,
  quoteAnsweredMail,
  quoteDeclinedMail,
  quoteOrderedMail,
  quoteRequestedMail,
} from './quote-mails.ts';
import { quoteWithLines } from './quote-view.ts';
import { answerQuote, declineQuote, shopAdmins } from './quotes-repository.ts';
import { requestQuote } from './request-quote.ts';

const tags = ['quotes'];

/** What the buyer is told the accepted quote became. */
function acceptedMessage(order: Order): string {
  if (order.status === 'awaiting_approval') return quoteMessages.acceptedAwaitingApproval;
  if (order.paymentTerms === 'account')
    return quoteMessages.acceptedOnAccount(order.invoiceNumber ?? '', order.dueOn ?? '');
  return quoteMessages.accepted;
}

/**
 * Quotes (issue 19): a customer requests one from the cart, a shop admin answers (or declines),
 * the requester accepts it once, which places an order at the quoted prices. Who sees a quote:
 * its requester, the company admins of its company, shop admins (quote-access.ts).
 */
export const quoteRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    const origin = app.config.PUBLIC_URL.replace(/\/+$/, '');

    app.post(
      '/quotes',
      {
        config: { access: 'signed-in', idempotent: true },
        schema: {
          tags,
          summary: 'Request a quote for my cart (or the lines sent); quantities may exceed stock',
          body: requestQuoteRequest,
          response: { 200: successEnvelope(quote), ...errorResponses },
        },
      },
      async (request, reply) => {
        const buyer = buyerOf(actorOf(request));
        return answerOnce(app.db, request, reply, {
          create: (db) => requestQuote(db, buyer, request.body),
          answer: (requested) => ({
            success: true as const,
            data: requested,
            message: quoteMessages.requested,
          }),
          after: async (requested) => {
            sendInBackground(mailer, quoteRequestedMail(requested, origin), request.log);
            for (const admin of await shopAdmins(app.db))
              sendInBackground(mailer, newQuoteMail(requested, admin.email, origin), request.log);
          },
        });
      },
    );

    app.get(
      '/quotes',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: "My quotes, newest first (a company admin: all of the company's)",
          querystring: quotesQuery,
          response: { 200: pageEnvelope(quoteSummary), ...errorResponses },
        },
      },
      async (request) => {
        const page = await listMyQuotes(app.db, actorOf(request), request.query);
        return { success: true as const, data: page.items, nextCursor: page.nextCursor };
      },
    );

    app.get(
      '/quotes/:id',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'One quote, with its lines (its requester, their company admin, or the shop)',
          params: quoteIdParams,
          response: { 200: successEnvelope(quote), ...errorResponses },
        },
      },
      async (request) => {
        const { row } = await visibleQuote(app.db, actorOf(request), request.params.id);
        return { success: true as const, data: await quoteWithLines(app.db, row) };
      },
    );

    app.post(
      '/quotes/:id/price',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'What accepting my answered quote comes to shipped to `shipTo`: as /cart/quote answers for a cart (shipping methods, freight, tax per rate, total), at the quoted prices. Writes nothing',
          params: quoteIdParams,
          body: cartQuoteRequest,
          response: { 200: successEnvelope(cartQuote), ...errorResponses },
        },
      },
      async (request) => {
        const pricing = shopPricing(app, app.db);
        const data = await priceQuote(
          app.db,
          pricing,
          buyerOf(actorOf(request)),
          request.params.id,
          request.body,
        );
        return { success: true as const, data };
      },
    );

    app.post(
      '/quotes/:id/accept',
      {
        config: { access: 'signed-in', placesOrder: 'quote', idempotent: true },
        schema: {
          tags,
          summary:
            'Accept my answered quote: places one order at the quoted prices, once, by card or on account; above my limit it awaits approval. With `shipTo` and `shippingMethod`, freight and tax are priced as /quotes/{id}/price prices them (total = subtotal + freight + tax; freight the shop quotes: awaiting_freight); a one-line `address` and `phone` place it without freight or tax',
          params: quoteIdParams,
          body: acceptQuoteRequest,
          response: { 200: successEnvelope(acceptedQuote), ...errorResponses },
        },
      },
      async (request, reply) => {
        const buyer = buyerOf(actorOf(request));
        return answerOnce(app.db, request, reply, {
          create: (db) =>
            acceptQuote(db, buyer, request.params.id, request.body, {
              approvalHoldHours: app.config.APPROVAL_HOLD_HOURS,
              pricing: (tx) => shopPricing(app, tx),
            }),
          answer: ({ quote: done, order }) => ({
            success: true as const,
            data: { quote: done, orderId: order._id },
            message: acceptedMessage(order),
          }),
          after: async ({ quote: done, order }) => {
            if (order.status === 'awaiting_approval' && order.companyId) {
              // As checkout: the buyer is told it waits, the company's approvers are asked.
              sendInBackground(mailer, orderAwaitingApprovalMail(order), request.log);
              const approvalsUrl = new URL('/dashboard/approvals', app.config.PUBLIC_URL);
              for (const approver of await approversOf(app.db, order.companyId))
                sendInBackground(
                  mailer,
                  approvalRequestedMail(order, approver, approvalsUrl.toString()),
                  request.log,
                );
            } else {
              sendInBackground(mailer, quoteAcceptedMail(done, order, origin), request.log);
            }
            for (const admin of await shopAdmins(app.db))
              sendInBackground(mailer, quoteOrderedMail(done, order, admin.email), request.log);
          },
        });
      },
    );

    app.get(
      '/admin/quotes',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Shop admin: every quote, newest first, of one status or all',
          querystring: quotesQuery,
          response: { 200: pageEnvelope(quoteSummary), ...errorResponses },
        },
      },
      async (request) => {
        const page = await listAllQuotes(app.db, request.query);
        return { success: true as const, data: page.items, nextCursor: page.nextCursor };
      },
    );

    app.post(
      '/admin/quotes/:id/answer',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Shop admin: answer a request with a unit price per line, lead time, expiry',
          params: quoteIdParams,
          body: answerQuoteRequest,
          response: { 200: successEnvelope(quote), ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        const answered = await answerQuote(
          app.db,
          actorOf(request).id,
          id,
          request.body,
          auditActorOf(request),
        );
        sendInBackground(mailer, quoteAnsweredMail(answered, origin), request.log);
        return { success: true as const, data: answered, message: quoteMessages.answered };
      },
    );

    app.post(
      '/admin/quotes/:id/decline',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: 'Shop admin: decline a request that waits for an answer',
          params: quoteIdParams,
          body: declineQuoteRequest,
          response: { 200: successEnvelope(quote), ...errorResponses },
        },
      },
      async (request) => {
        const { id } = request.params;
        const declined = await declineQuote(
          app.db,
          actorOf(request).id,
          id,
          request.body.note,
          auditActorOf(request),
        );
        sendInBackground(mailer, quoteDeclinedMail(declined, origin), request.log);
        return { success: true as const, data: declined, message: quoteMessages.declined };
      },
    );
  };
