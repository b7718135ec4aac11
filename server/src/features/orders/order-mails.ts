import type { Order } from '@proper-parts/domain/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer.ts';

// One formatter for every mail: building one per call was 5% of an order's CPU (profile, issue 9).
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usd = (amount: number) => dollars.format(amount);

function orderLines(order: Order): string {
  return [
    `Order id: ${order._id}`,
    `Product: ${order.purchaseName}`,
    `Quantity: ${order.quantity} pcs at ${usd(order.unitPrice)}`,
    `Total: ${usd(order.price)}`,
  ].join('\n');
}

export function orderPlacedMail(order: Order): MailMessage {
  return {
    to: order.email,
    subject: `Your Proper Parts order ${order._id}`,
    text: `Hello ${order.userName},\n\nThanks for your order. It waits for your card payment.\n\n${orderLines(order)}\n`,
  };
}

export function paymentReceivedMail(order: Order): MailMessage {
  return {
    to: order.email,
    subject: `Payment received for order ${order._id}`,
    text: `Hello ${order.userName},\n\nWe received your payment; your order will ship soon.\n\n${orderLines(order)}\nTransaction id: ${order.transactionId}\n`,
  };
}

/** Sends after the change is committed; a mail server that is down never fails the order. */
export function sendInBackground(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger) {
  mailer.send(message).catch((error: unknown) => {
    log.warn({ err: error, to: message.to, subject: message.subject }, 'confirmation mail failed');
  });
}
