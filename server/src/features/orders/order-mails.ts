import { formatPieces, formatPrice } from '@proper-parts/domain/format';
import type { Order } from '@proper-parts/domain/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer.ts';

// Amounts and quantities as the shop writes them everywhere (domain/format.ts; its formatters
// are built once: one per call was 5% of an order's CPU, issue 9). Plain spaces in a text mail.
const pieces = (n: number) => formatPieces(n).replace('\u00a0', ' ');

function orderLines(order: Order): string {
  // An order of several lines (issue 18) lists them; the spec's one-product order reads as before.
  const what =
    order.lines.length > 1
      ? [
          `Lines: ${order.lines.length}`,
          ...order.lines.map(
            (line) =>
              `  ${line.sku}  ${line.name}: ${pieces(line.quantity)} at ${formatPrice(line.unitPrice)} = ${formatPrice(line.lineTotal)}`,
          ),
        ]
      : [
          `Product: ${order.purchaseName}`,
          `Quantity: ${pieces(order.quantity)} at ${formatPrice(order.unitPrice)}`,
        ];
  return [
    `Order id: ${order._id}`,
    ...(order.poNumber ? [`PO number: ${order.poNumber}`] : []),
    ...what,
    ...amountLines(order),
  ].join('\n');
}

/**
 * Issue 33: an order priced for its address says subtotal, freight, each tax and the total, as
 * its invoice does; one placed without (the spec's purchase, older orders) its total alone.
 */
function amountLines(order: Order): string[] {
  if (!order.shippingMethod && !order.shipTo)
    return [
      `Total: ${formatPrice(order.price)}`,
      ...(order.lines.length > 1 ? ['Taxes and shipping are quoted separately.'] : []),
    ];
  const freight =
    order.status === 'awaiting_freight'
      ? 'to be quoted by the shop (you can pay once it is entered)'
      : formatPrice(order.freight);
  return [
    `Subtotal: ${formatPrice(order.subtotal)}`,
    `Freight${order.shippingMethodName ? ` (${order.shippingMethodName})` : ''}: ${freight}`,
    ...order.taxes.map((tax) => `${tax.name} ${tax.rate}%: ${formatPrice(tax.amount)}`),
    ...(order.taxNote ? [order.taxNote] : []),
    `Total: ${formatPrice(order.total)}`,
  ];
}

/** What happens next to a new order: the card, or the invoice on account (issue 19). */
const nextStep = (order: Order) =>
  order.paymentTerms === 'account'
    ? `It is invoiced on account${order.invoiceNumber ? ` (invoice ${order.invoiceNumber}, due ${order.dueOn})` : ''} and goes to shipping.`
    : 'It waits for your card payment.';

export function orderPlacedMail(order: Order): MailMessage {
  return {
    to: order.email,
    subject: `Your Proper Parts order ${order._id}`,
    text: `Hello ${order.userName},\n\nThanks for your order. ${nextStep(order)}\n\n${orderLines(order)}\n`,
  };
}

export function paymentReceivedMail(order: Order): MailMessage {
  return {
    to: order.email,
    subject: `Payment received for order ${order._id}`,
    text: `Hello ${order.userName},\n\nWe received your payment; your order will ship soon.\n\n${orderLines(order)}\nTransaction id: ${order.transactionId}\n`,
  };
}

export function orderShippedMail(order: Order): MailMessage {
  const shipTo = [order.address, order.phone].filter(Boolean).join(', ');
  return {
    to: order.email,
    subject: `Your order ${order._id} has shipped`,
    text: `Hello ${order.userName},\n\nYour order has left our warehouse${shipTo ? ` for ${shipTo}` : ''}.\n\n${orderLines(order)}\n`,
  };
}

/** Sends after the change is committed; a mail server that is down never fails the order. */
export function sendInBackground(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger) {
  mailer.send(message).catch((error: unknown) => {
    log.warn({ err: error, to: message.to, subject: message.subject }, 'confirmation mail failed');
  });
}
