import { orderIdParams } from '@proper-parts/domain/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { bearerSecurity, errorResponses } from '../../http/responses.ts';
import { actorOf } from '../auth/actor.ts';
import { invoiceFile } from './invoice-mail.ts';
import { invoiceSellerFromConfig, renderInvoicePdf } from './invoice-pdf.ts';
import { loadInvoice } from './invoice-repository.ts';

const NO_INVOICE = 'No invoice: the order is not paid yet, or it is not yours';

/** A paid order's invoice as a PDF (issue 18): for its owner and for admins. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const seller = invoiceSellerFromConfig(app.config);
  app.get(
    '/orders/:id/invoice.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary:
          "A paid order's invoice (PDF): its owner or an admin; anyone else, or an unpaid order, is a 404",
        security: bearerSecurity,
        params: orderIdParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('application/pdf'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const found = await loadInvoice(app.db, request.params.id, seller);
      // Someone else's invoice is not found: whether an order exists is not told to strangers.
      if (!found || (found.userId !== actor.id && actor.role !== 'admin'))
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
};
