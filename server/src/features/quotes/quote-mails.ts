import { formatPieces, formatPrice } from '@proper-parts/domain/format';
import type { Order } from '@proper-parts/domain/orders';
import type { Quote } from '@proper-parts/domain/quotes';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The mails of a quote's steps (issue 19). The buyer is mailed at every step; the shop (every
 * user with the shop admin role: they answer quotes in the inbox) when a quote is requested and
 * when one is accepted. Plain spaces in a text mail.
 */
const pieces = (n: number) => formatPieces(n).replace('\u00a0', ' ');

function linesOf(quote: Quote): string {
  return quote.lines
    .map((line) => {
      const price =
        line.unitPrice === null
          ? ''
          : ` at ${formatPrice(line.unitPrice)} = ${formatPrice(line.lineTotal ?? 0)}`;
      return `  ${line.sku}  ${line.name}: ${pieces(line.quantity)}${price}`;
    })
    .join('\n');
}

const quoteLink = (origin: string, quote: Quote) => `${origin}/dashboard/quotes/${quote._id}`;
const inboxLink = (origin: string, quote: Quote) => `${origin}/dashboard/quote-inbox/${quote._id}`;

export function quoteRequestedMail(quote: Quote, origin: string): MailMessage {
  return {
    to: quote.buyerEmail,
    subject: 'We received your request for a quote',
    text: `Hello ${quote.buyerName},\n\nWe received your request for a quote; the shop will answer by mail.\n\n${linesOf(quote)}\n\nFollow it at ${quoteLink(origin, quote)}\n`,
  };
}

export function newQuoteMail(quote: Quote, to: string, origin: string): MailMessage {
  const who = quote.companyName ? `${quote.buyerName} (${quote.companyName})` : quote.buyerName;
  const message = quote.message ? `\n\nTheir message:\n${quote.message}` : '';
  return {
    to,
    subject: `Quote requested by ${who}`,
    text: `${who} <${quote.buyerEmail}> asks for a quote of ${quote.lines.length} ${quote.lines.length === 1 ? 'line' : 'lines'}:\n\n${linesOf(quote)}${message}\n\nAnswer it at ${inboxLink(origin, quote)}\n`,
  };
}

export function quoteAnsweredMail(quote: Quote, origin: string): MailMessage {
  const note = quote.answerNote ? `\n\nA note from the shop:\n${quote.answerNote}` : '';
  return {
    to: quote.buyerEmail,
    subject: 'Your quote is ready',
    text: `Hello ${quote.buyerName},\n\nThe shop answered your request for a quote.\n\n${linesOf(quote)}\nTotal: ${formatPrice(quote.total ?? 0)}\nLead time: ${quote.leadTimeDays} days\nValid until: ${quote.expiresOn} (inclusive)${note}\n\nAccept it at ${quoteLink(origin, quote)}\n`,
  };
}

export function quoteDeclinedMail(quote: Quote, origin: string): MailMessage {
  const note = quote.answerNote ? `\n\nA note from the shop:\n${quote.answerNote}` : '';
  return {
    to: quote.buyerEmail,
    subject: 'The shop cannot quote your request',
    text: `Hello ${quote.buyerName},\n\nThe shop declined your request for a quote.${note}\n\n${quoteLink(origin, quote)}\n`,
  };
}

/** What happens next to the order a quote placed, in the words of its mails. */
function nextStep(order: Order, origin: string): string {
  if (order.status === 'awaiting_approval')
    return 'It is above your order limit and awaits approval by your company.';
  if (order.paymentTerms === 'account')
    return `It is invoiced on account${order.invoiceNumber ? ` (invoice ${order.invoiceNumber}, due ${order.dueOn})` : ''} and goes to shipping.`;
  return `Pay it by card at ${origin}/dashboard/payment/${order._id}`;
}

/** To the buyer of a quote accepted by card or on account (one awaiting approval: approval-mails.ts). */
export function quoteAcceptedMail(quote: Quote, order: Order, origin: string): MailMessage {
  return {
    to: quote.buyerEmail,
    subject: `Your quote became order ${order._id}`,
    text: `Hello ${quote.buyerName},\n\nYou accepted the quote; it is now order ${order._id}, at the quoted prices.\nTotal: ${formatPrice(order.price)}\n\n${nextStep(order, origin)}\n`,
  };
}

function waitingFor(order: Order): string {
  if (order.status === 'awaiting_approval') return "awaiting the approval of the buyer's company";
  if (order.paymentTerms === 'account') return `invoiced on account, due ${order.dueOn}`;
  return 'waiting for the card payment';
}

export function quoteOrderedMail(quote: Quote, order: Order, to: string): MailMessage {
  const backordered = order.lines.filter((line) => (line.backordered ?? 0) > 0);
  const follow = backordered.length
    ? `\n\nOn back order:\n${backordered.map((line) => `  ${line.sku}  ${line.name}: ${pieces(line.backordered ?? 0)}`).join('\n')}`
    : '';
  return {
    to,
    subject: `Quote accepted: order ${order._id}`,
    text: `${quote.buyerName} <${quote.buyerEmail}> accepted quote ${quote._id}: it is order ${order._id}, ${formatPrice(order.price)}, ${waitingFor(order)}.${follow}\n`,
  };
}
