import {
  adminInvoice,
  adminInvoicesQuery,
  companiesQuery,
  companyDetail,
  companyMessages,
  companySummary,
  idParams,
  invoiceOrderParams,
  invoicePayments,
  recordPaymentRequest,
  statement,
  statementQuery,
  termsRequest,
} from '@proper-parts/domain/companies';
import { pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import { formatPrice } from '@proper-parts/domain/format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { actorOf } from '../auth/actor.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { listAdminInvoices } from './account-invoices.ts';
import { paymentRecordedMails } from './account-mails.ts';
import {
  companyStatement,
  findCompanyForAdmin,
  listCompanies,
  setTermsAsAdmin,
} from './account-repository.ts';
import { APPROVERS, requireMembership } from './company-access.ts';
import { invoiceWithPayments, recordPayment } from './recorded-payments.ts';

/** Paying on account: terms, statement, recorded payments, the shop admin's companies list (issue 19). */
export const accountRoutes =
  ({ mailer }: { mailer: Mailer }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/company/statement',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['companies'],
          summary:
            "My company's statement: open invoices on account by due day, then settled ones; balance and remaining credit (company admins and approvers)",
          querystring: statementQuery,
          response: { 200: successEnvelope(statement), ...errorResponses },
        },
      },
      async (request) => {
        const member = await requireMembership(app.db, actorOf(request));
        if (!(APPROVERS as readonly string[]).includes(member.role))
          throw new AppError('FORBIDDEN', companyMessages.noStatementAccess);
        return {
          success: true as const,
          data: await companyStatement(app.db, member.companyId, request.query),
        };
      },
    );

    app.get(
      '/admin/companies',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['companies'],
          summary: 'Every company, the newest first: members, terms, credit, balance, overdue',
          querystring: companiesQuery,
          response: { 200: pageEnvelope(companySummary), ...errorResponses },
        },
      },
      async (request) => {
        const { items, nextCursor } = await listCompanies(app.db, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.get(
      '/admin/companies/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['companies'],
          summary: 'One company: its terms, credit, balance and members',
          params: idParams,
          response: { 200: successEnvelope(companyDetail), ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await findCompanyForAdmin(app.db, request.params.id),
      }),
    );

    app.get(
      '/admin/companies/:id/statement',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['companies'],
          summary: "A company's statement, as its admins see it",
          params: idParams,
          querystring: statementQuery,
          response: { 200: successEnvelope(statement), ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await companyStatement(app.db, request.params.id, request.query),
      }),
    );

    app.put(
      '/admin/companies/:id/terms',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['companies'],
          summary:
            'Grant or change net terms and the credit limit (never below what the company owes)',
          params: idParams,
          body: termsRequest,
          response: { 200: successEnvelope(companyDetail), ...errorResponses },
        },
      },
      async (request) => {
        const company = await setTermsAsAdmin(
          app.db,
          auditActorOf(request),
          request.params.id,
          request.body,
        );
        const terms = company.termsDays ? `net ${company.termsDays}` : 'no terms';
        return {
          success: true as const,
          data: company,
          message: `${company.name}: ${terms}, credit limit ${formatPrice(company.creditLimit)}`,
        };
      },
    );

    app.get(
      '/admin/invoices',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['companies'],
          summary:
            'Invoices on account across companies: open or overdue (soonest due first), or settled',
          querystring: adminInvoicesQuery,
          response: { 200: pageEnvelope(adminInvoice), ...errorResponses },
        },
      },
      async (request) => {
        const { items, nextCursor } = await listAdminInvoices(app.db, request.query);
        return { success: true as const, data: items, nextCursor };
      },
    );

    app.get(
      '/admin/invoices/:orderId/payments',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['companies'],
          summary: 'An invoice on account and the payments recorded against it',
          params: invoiceOrderParams,
          response: { 200: successEnvelope(invoicePayments), ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await invoiceWithPayments(app.db, request.params.orderId),
      }),
    );

    app.post(
      '/admin/invoices/:orderId/payments',
      {
        config: { access: 'admin', idempotent: true },
        schema: {
          tags: ['companies'],
          summary:
            'Record a payment against an invoice on account (at most what is still owed); the company owes that much less',
          params: invoiceOrderParams,
          body: recordPaymentRequest,
          response: { 200: successEnvelope(invoicePayments), ...errorResponses },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return answerOnce(app.db, request, reply, {
          create: (db) =>
            recordPayment(
              db,
              request.params.orderId,
              request.body,
              actor.id,
              auditActorOf(request),
            ),
          answer: ({ result, settled }) => {
            const number = result.invoice.invoiceNumber;
            return {
              success: true as const,
              data: result,
              message: settled
                ? `Invoice ${number} is paid in full`
                : `Payment of ${formatPrice(request.body.amount)} recorded against invoice ${number}`,
            };
          },
          after: ({ result, companyId }) => {
            paymentRecordedMails(app.db, companyId, result, request.body.amount)
              .then((messages) => {
                for (const message of messages) sendInBackground(mailer, message, request.log);
              })
              .catch((error: unknown) => request.log.warn({ err: error }, 'payment mail not sent'));
          },
        });
      },
    );
  };
