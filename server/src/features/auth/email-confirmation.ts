import { messages } from '@proper-parts/domain/messages';
import { verifyJWT } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { account, user } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { markEmailConfirmed } from './account-rules.ts';
import { resolveActor } from './actor.ts';
import type { Auth } from './auth.ts';

interface TokenOwner {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** The account a confirmation token (better-auth's signed JWT) was made for, if it still is. */
export async function userOfConfirmationToken(
  auth: Auth,
  db: Database,
  token: string,
): Promise<TokenOwner | null> {
  const { secret } = await auth.$context;
  const payload = (await verifyJWT(token, secret)) as {
    email?: unknown;
    userId?: unknown;
    updateTo?: unknown;
  } | null;
  // Change-of-address tokens carry `updateTo`; the shop has no such flow.
  if (typeof payload?.userId !== 'string' || payload.updateTo !== undefined) return null;
  const [owner] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, payload.userId));
  return owner && owner.email === payload.email ? owner : null;
}

export interface ConfirmEmailInput {
  auth: Auth;
  db: Database;
  config: Config;
  request: FastifyRequest;
  owner: TokenOwner | null;
  password: string | undefined;
}

/**
 * Confirms the owner's address when the caller holds both the mailbox (the token) and the
 * account: its session, or its password. Returns the confirmed email.
 */
export async function confirmEmail({
  auth,
  db,
  config,
  request,
  owner,
  password,
}: ConfirmEmailInput) {
  if (!owner) throw new AppError('INVALID', messages.confirmationLinkInvalid);
  if (owner.emailVerified) return owner.email;
  const actor = await resolveActor(auth, request);
  if (actor?.id !== owner.id) {
    if (!password) throw new AppError('UNAUTHENTICATED', messages.confirmationNeedsPassword);
    const [credential] = await db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, owner.id), eq(account.providerId, 'credential')));
    const { password: hasher } = await auth.$context;
    if (!credential?.hash || !(await hasher.verify({ hash: credential.hash, password }))) {
      throw new AppError('UNAUTHENTICATED', messages.confirmationWrongPassword);
    }
  }
  await markEmailConfirmed(db, config.ADMIN_EMAILS, owner.id);
  return owner.email;
}
