import { formatPrice } from '@proper-parts/domain/format';
import type { Order } from '@proper-parts/domain/orders';
import type { MailMessage } from '../mail/mailer.ts';

/** Mails of an order above a buyer's limit (issue 19): to its approvers, then to its buyer. */

const summary = (order: Order) =>
  [
    `Order id: ${order._id}`,
    ...(order.poNumber ? [`PO number: ${order.poNumber}`] : []),
    `Lines: ${order.lines.length}`,
    `Total: ${formatPrice(order.price)}`,
    `Paid ${order.paymentTerms === 'account' ? 'on account' : 'by card'}`,
  ].join('\n');

export function approvalRequestedMail(
  order: Order,
  approver: { email: string; name: string },
  approvalsUrl: string,
): MailMessage {
  return {
    to: approver.email,
    subject: `Order ${order._id} by ${order.userName} awaits your approval`,
    text: `Hello ${approver.name},\n\n${order.userName} placed an order above their limit. Its stock is reserved until ${order.approvalExpiresAt ?? 'it expires'}; approve or reject it here:\n${approvalsUrl}\n\n${summary(order)}\n`,
  };
}

export function orderAwaitingApprovalMail(order: Order): MailMessage {
  return {
    to: order.email,
    subject: `Your order ${order._id} awaits approval`,
    text: `Hello ${order.userName},\n\nYour order is above your spending limit, so an approver of your company has been asked to approve it. Its stock is reserved meanwhile.\n\n${summary(order)}\n`,
  };
}

export function orderApprovedMail(order: Order): MailMessage {
  const next =
    order.paymentTerms === 'account'
      ? `It is invoiced on account${order.invoiceNumber ? ` (invoice ${order.invoiceNumber}, due ${order.dueOn})` : ''} and goes to shipping.`
      : 'It now waits for your card payment.';
  return {
    to: order.email,
    subject: `Your order ${order._id} was approved`,
    text: `Hello ${order.userName},\n\nYour order was approved. ${next}\n\n${summary(order)}\n`,
  };
}

export function orderRejectedMail(order: Order): MailMessage {
  return {
    to: order.email,
    subject: `Your order ${order._id} was not approved`,
    text: `Hello ${order.userName},\n\nYour order was not approved: ${order.rejectionReason ?? ''}\nIts reserved stock was released; nothing will be charged.\n\n${summary(order)}\n`,
  };
}
