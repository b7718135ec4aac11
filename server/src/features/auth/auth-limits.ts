import { createHash } from 'node:crypto';
import { messages } from '@proper-parts/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/audit-log.ts';

/** The calls that check a password to sign in (the front door's and `POST /tokens`). */
const SIGN_IN_CALLS = new Set(['/sign-in/email', 'sign-in']);
/** Beyond this many (account, IP) pairs remembered, the expired ones are dropped. */
const MAX_REMEMBERED = 10_000;

/**
 * Limits on the calls that send mail or check a password, per IP and per account, counted over
 * RATE_LIMIT_AUTH_WINDOW_SECONDS (a minute). Keyed on
 * (account, IP), with a looser limit per account alone: ten wrong passwords from one IP stop
 * that IP, not the owner signing in from elsewhere.
 */
export function createAuthLimits(
  app: FastifyInstance,
  { max, windowSeconds }: { max: number; windowSeconds: number },
) {
  const accountOf = new WeakMap<FastifyRequest, string>();
  const key = (request: FastifyRequest) => accountOf.get(request) ?? '';
  const window = { timeWindow: windowSeconds * 1000 };
  const logRefusedSignIn = refusedSignInLog(app, windowSeconds);
  const limiters = [
    app.createRateLimit({ ...window, max: max * 3, keyGenerator: (r) => `ip:${r.ip}` }),
    app.createRateLimit({ ...window, max, keyGenerator: (r) => `${key(r)}@${r.ip}` }),
    app.createRateLimit({ ...window, max: max * 5, keyGenerator: (r) => `${key(r)}@*` }),
  ];

  /**
   * Counts one attempt of `call` for `account` (an email, a token, a user id; '' when none).
   * Answers 429 and returns false when a limit is exceeded.
   */
  return async function allowAttempt(
    request: FastifyRequest,
    reply: FastifyReply,
    call: string,
    account: string,
  ): Promise<boolean> {
    // Hashed: the key may be a reset token, which must not sit in memory as it came.
    const digest = createHash('sha256').update(account).digest('base64url').slice(0, 22);
    accountOf.set(request, `${call}:${account ? digest : ''}`);
    for (const [index, limiter] of limiters.entries()) {
      if (index > 0 && !account) break;
      const limit = await limiter(request);
      if (!limit.isAllowed && limit.isExceeded) {
        if (SIGN_IN_CALLS.has(call)) await logRefusedSignIn(request, account);
        reply.header('retry-after', limit.ttlInSeconds);
        await reply.status(429).send({ success: false, message: messages.tooManyRequests });
        return false;
      }
    }
    return true;
  };
}

/**
 * Sign-ins the limit refuses go to the audit log: once per account and address per window, so
 * that a flood of refused attempts writes a line, not a row per request.
 */
function refusedSignInLog(app: FastifyInstance, windowSeconds: number) {
  const loggedUntil = new Map<string, number>();
  return async (request: FastifyRequest, email: string) => {
    const now = Date.now();
    const key = `${email}@${request.ip}`;
    if ((loggedUntil.get(key) ?? 0) > now) return;
    if (loggedUntil.size >= MAX_REMEMBERED)
      for (const [old, until] of loggedUntil) if (until <= now) loggedUntil.delete(old);
    loggedUntil.set(key, now + windowSeconds * 1000);
    await recordAudit(
      app.db,
      { id: null, email: null, ip: request.ip },
      {
        action: 'auth.sign-in-limited',
        targetType: 'user',
        targetId: email || '(no account)',
        summary: `Sign-ins to ${email || 'an unnamed account'} from ${request.ip} refused: over the limit of attempts per ${windowSeconds} s`,
      },
    );
  };
}

export type AllowAttempt = ReturnType<typeof createAuthLimits>;
