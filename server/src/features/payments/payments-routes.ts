import { companyMessages } from '@proper-parts/domain/companies';
import { successEnvelope } from '@proper-parts/domain/envelope';
import { order, orderIdParams } from '@proper-parts/domain/orders';
import {
  createPaymentIntentRequest,
  paymentIntentResponse,
  paymentMessages,
  recordPaymentRequest,
  sandboxConfirmRequest,
  sandboxConfirmResponse,
} from '@proper-parts/domain/payments';
import { shippingMessages } from '@proper-parts/domain/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { invoiceSellerFromConfig } from '../invoices/invoice-document.ts';
import { sendPaymentReceivedMail } from '../invoices/invoice-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireOwnOrder } from '../orders/order-access.ts';
import { orderWithLines } from '../orders/order-view.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { assertPaysOrder, paymentRefusal, settlePayment } from './record-payment.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

const paymentErrors = { ...errorResponses, 402: errorResponses[400], 503: errorResponses[400] };

export interface PaymentsDeps {
  mailer: Mailer;
  provider: PaymentProvider;
  /** Set when the sandbox is the provider. */
  sandbox?: SandboxProvider;
}

/** Paying an order: the intent, the sandbox's card confirmation, and recording the payment. */
export const paymentsRoutes =
  ({ mailer, provider, sandbox }: PaymentsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const invoiceMail = { db: app.db, mailer, seller: invoiceSellerFromConfig(app.config) };
    app.post(
      '/create-payment-intent',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['payments'],
          // Derived, it would read postCreatePaymentIntent.
          operationId: 'createPaymentIntent',
          summary:
            "A payment intent for my unpaid order; the amount is the order's total (a price in the body is ignored)",
          body: createPaymentIntentRequest,
          response: { 200: successEnvelope(paymentIntentResponse), ...paymentErrors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const own = await requireOwnOrder(app.db, actor, request.body.orderId, { adminToo: false });
        if (own.status === 'cancelled') throw new AppError('CONFLICT', paymentMessages.notPayable);
        if (own.status === 'awaiting_approval')
          throw new AppError('CONFLICT', companyMessages.awaitsApproval);
        if (own.status === 'awaiting_freight')
          throw new AppError('CONFLICT', shippingMessages.awaitsFreight);
        if (own.paymentTerms === 'account')
          throw new AppError('CONFLICT', companyMessages.paidOnAccount);
        if (own.paid) throw new AppError('CONFLICT', paymentMessages.alreadyPaid);
        const intent = await provider.createIntent({
          orderId: own.id,
          amountCents: own.totalCents,
          email: own.email,
        });
        return {
          success: true as const,
          data: {
            clientSecret: intent.clientSecret,
            provider: provider.name,
            publishableKey: provider.publishableKey,
            amount: own.totalCents / 100,
          },
        };
      },
    );

    app.patch(
      '/myPurchase/:id',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['payments'],
          summary:
            'Record the payment of my order: the server asks the provider that it succeeded, for this order and amount',
          params: orderIdParams,
          body: recordPaymentRequest,
          response: { 200: successEnvelope(order), ...paymentErrors },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const row = await requireOwnOrder(app.db, actor, request.params.id, { adminToo: false });
        const { transactionId } = request.body;
        if (row.paid && row.transactionId === transactionId)
          return {
            success: true as const,
            data: await orderWithLines(app.db, row),
            message: paymentMessages.completed,
          };
        const refusal = paymentRefusal(row, transactionId);
        if (refusal && row.status !== 'cancelled') throw refusal;
        const facts = await provider.retrieve(transactionId);
        // A cancelled order whose card was charged anyway still gets its refund below.
        if (refusal && !facts?.succeeded) throw refusal;
        const recorded = await settlePayment(app.db, provider, row, assertPaysOrder(facts, row));
        if (recorded.changed) sendPaymentReceivedMail(invoiceMail, recorded.order, request.log);
        return {
          success: true as const,
          data: recorded.order,
          message: paymentMessages.completed,
        };
      },
    );

    app.post(
      '/sandbox/confirm',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['payments'],
          summary:
            "The offline sandbox's card confirmation (Stripe's test numbers); only when Stripe is not configured",
          body: sandboxConfirmRequest,
          response: { 200: successEnvelope(sandboxConfirmResponse), ...paymentErrors },
        },
      },
      async (request) => {
        if (!sandbox)
          throw new AppError('NOT_FOUND', 'This shop takes card payments through Stripe');
        const actor = actorOf(request);
        const orderId = await sandbox.orderOf(request.body.clientSecret);
        if (!orderId) throw new AppError('NOT_FOUND', paymentMessages.unknownPayment);
        await requireOwnOrder(app.db, actor, orderId, { adminToo: false });
        const confirmed = await sandbox.confirm(request.body.clientSecret, request.body.card);
        return {
          success: true as const,
          data: { paymentIntentId: confirmed.id, status: 'succeeded' as const },
        };
      },
    );
  };
