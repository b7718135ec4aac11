import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';
import { sendInBackground } from '../orders/order-mails.ts';
import { orderRejectedMail } from './approval-mails.ts';
import { expireApprovals } from './approvals-repository.ts';

const EVERY_MS = 60_000;

/**
 * Once a minute, orders whose approval hold has run out are cancelled and their stock and credit
 * released (APPROVAL_HOLD_HOURS); their buyers are told by mail. Every process may run it: the
 * sweep's `skip locked` and guarded update give each order to one of them. A database that is down
 * only skips a round.
 */
export function registerApprovalSweep(app: FastifyInstance, mailer: Mailer) {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (const expired of await expireApprovals(app.db))
        sendInBackground(mailer, orderRejectedMail(expired), app.log);
    } catch (error) {
      app.log.warn({ err: error }, 'approval sweep skipped a round');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}
