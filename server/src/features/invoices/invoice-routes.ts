import { orderIdParams } from '@proper-parts/domain/orders';
import { creditNoteIdParams, returnMessages } from '@proper-parts/domain/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { mayReadOrderPapers } from '../companies/company-access.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { loadCreditNote } from './credit-note-repository.ts';
import { invoiceSellerFromConfig } from './invoice-document.ts';
import { invoiceFile } from './invoice-mail.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { loadInvoice } from './invoice-repository.ts';

const NO_INVOICE = 'No invoice: the order is not paid yet, or it is not yours';

/** An order's invoice as a PDF (issue 18; on account, issue 19): for its owner and for admins. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const seller = invoiceSellerFromConfig(app.config);
  app.get(
    '/orders/:id/invoice.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          "An order's invoice (PDF): its buyer, its company's admins and approvers, or a shop admin; anyone else, or an order not invoiced yet, is a 404",
        params: orderIdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const found = await loadInvoice(app.db, request.params.id, seller);
      // Someone else's invoice is not found: whether an order exists is not told to strangers.
      if (!found || !(await mayReadOrderPapers(app.db, actor, found)))
        throw new AppError('NOT_FOUND', NO_INVOICE);
      const pdf = await renderInvoicePdf(found.invoice);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${invoiceFile(found.invoice.number)}"`,
        )
        .send(pdf);
    },
  );

  app.get(
    '/credit-notes/:id.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['returns'],
        summary:
          "A credit note of a return (PDF, issue 37): the order's buyer, its company's admins and approvers, or a shop admin; anyone else is a 404",
        params: creditNoteIdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await loadCreditNote(app.db, request.params.id, seller);
      if (!found || !(await mayReadOrderPapers(app.db, actorOf(request), found)))
        throw new AppError('NOT_FOUND', returnMessages.creditNoteNotFound);
      const pdf = await renderCreditNotePdf(found.creditNote);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="credit-note-${found.creditNote.number}.pdf"`,
        )
        .send(pdf);
    },
  );
};
