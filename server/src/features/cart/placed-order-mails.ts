import type { Order } from '@proper-parts/domain/orders';
import type { FastifyBaseLogger } from 'fastify';
import { approvalRequestedMail, orderAwaitingApprovalMail } from '../companies/approval-mails.ts';
import { approversOf } from '../companies/approvals-repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderPlacedMail, sendInBackground } from '../orders/order-mails.ts';

/**
 * The mails of a placed order: an order above the buyer's limit tells the buyer it waits, and
 * every approver of the company what to decide; any other order is confirmed to the buyer.
 * The cart's checkout and a PunchOut OrderRequest send the same.
 */
export async function mailPlacedOrder(
  context: { db: Parameters<typeof approversOf>[0]; publicUrl: string },
  mailer: Mailer,
  placed: Order,
  log: FastifyBaseLogger,
) {
  if (placed.status === 'awaiting_approval' && placed.companyId) {
    sendInBackground(mailer, orderAwaitingApprovalMail(placed), log);
    const approvalsUrl = new URL('/dashboard/approvals', context.publicUrl).toString();
    for (const approver of await approversOf(context.db, placed.companyId))
      sendInBackground(mailer, approvalRequestedMail(placed, approver, approvalsUrl), log);
  } else sendInBackground(mailer, orderPlacedMail(placed), log);
}
