import type { Order } from '@proper-parts/domain/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { paymentReceivedMail, sendInBackground } from '../orders/order-mails.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { loadInvoice } from './invoice-repository.ts';

export const invoiceFile = (number: string) => `invoice-${number}.pdf`;

export interface InvoiceMailDeps {
  db: Database;
  mailer: Mailer;
  seller: InvoiceDocument['seller'];
}

/**
 * The "payment received" mail with the invoice attached, sent after the payment committed. An
 * invoice that cannot be made is logged and the mail goes without it: the buyer can download it.
 */
export function sendPaymentReceivedMail(
  deps: InvoiceMailDeps,
  order: Order,
  log: FastifyBaseLogger,
) {
  const message = paymentReceivedMail(order);
  loadInvoice(deps.db, order._id, deps.seller)
    .then(async (found) => {
      if (found)
        message.attachments = [
          {
            filename: invoiceFile(found.invoice.number),
            content: await renderInvoicePdf(found.invoice),
            contentType: 'application/pdf',
          },
        ];
    })
    .catch((error: unknown) => log.warn({ err: error, order: order._id }, 'invoice not attached'))
    .finally(() => sendInBackground(deps.mailer, message, log));
}
