import { createHash } from 'node:crypto';
import { messages } from '@proper-parts/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
        reply.header('retry-after', limit.ttlInSeconds);
        await reply.status(429).send({ success: false, message: messages.tooManyRequests });
        return false;
      }
    }
    return true;
  };
}

export type AllowAttempt = ReturnType<typeof createAuthLimits>;
