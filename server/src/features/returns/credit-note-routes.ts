import { successEnvelope } from '@proper-parts/domain/envelope';
import {
  creditNoteIdParams,
  creditNoteRef,
  payBackRequest,
  returnMessages,
} from '@proper-parts/domain/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerOnce } from '../../http/idempotency.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditActorOf } from '../audit/audit-log.ts';
import { payBackCreditNote } from './pay-back-credit-note.ts';

/** Issue 37: what a shop admin does with a credit note once issued (its PDF: invoice-routes.ts). */
export const creditNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/credit-notes/:id/pay-back',
    {
      config: { access: 'admin', idempotent: true },
      schema: {
        tags: ['returns'],
        summary:
          "Record that what a credit note's invoice no longer owed (it was paid) was paid back to the company, with the bank transfer's or cheque's reference; once: nothing owed back, or paid back already, is a 409 (admin)",
        params: creditNoteIdParams,
        body: payBackRequest,
        response: { 200: successEnvelope(creditNoteRef), ...errorResponses },
      },
    },
    async (request, reply) =>
      answerOnce(app.db, request, reply, {
        create: (db) =>
          payBackCreditNote(db, auditActorOf(request), request.params.id, request.body.reference),
        answer: (note) => ({
          success: true as const,
          data: note,
          message: returnMessages.paidBack(note.number, note.paidBackCents),
        }),
      }),
  );
};
