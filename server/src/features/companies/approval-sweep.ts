import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { registerPeriodicSweep } from '../../plugins/periodic-sweep.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { orderRejectedMail } from './approval-mails.ts';
import { expireApprovals } from './approvals-repository.ts';

const EVERY_MS = 60_000;

/** One round: cancels what ran out, releases it, and mails each buyer why. */
export async function sweepExpiredApprovals(
  db: Database,
  mailer: Mailer,
  log: FastifyBaseLogger,
): Promise<number> {
  const expired = await expireApprovals(db);
  for (const order of expired) sendInBackground(mailer, orderRejectedMail(order), log);
  return expired.length;
}

/**
 * Once a minute, orders whose approval hold has run out are cancelled and their stock and credit
 * released (APPROVAL_HOLD_HOURS); their buyers are told by mail. Every process may run it: the
 * sweep's `skip locked` and guarded update give each order to one of them. A database that is down
 * only skips a round.
 */
export function registerApprovalSweep(app: FastifyInstance, mailer: Mailer) {
  registerPeriodicSweep(app, {
    name: 'approval sweep',
    everyMs: EVERY_MS,
    run: () => sweepExpiredApprovals(app.db, mailer, app.log),
  });
}
