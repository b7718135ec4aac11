import { and, eq, inArray, like, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { account, session, user, verification } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit-log.ts';

/**
 * The account rules of decisions.md (Accounts), written once against the database. better-auth's
 * hooks (auth.ts), the email-confirmation route and start-up call them.
 */

/**
 * ADMIN_EMAILS accounts become admins once their address is confirmed, never before: whoever
 * signs up first with a listed address must prove the mailbox. `userId` narrows it to one user.
 */
export async function promoteConfirmedAdmins(db: Database, adminEmails: string[], userId?: string) {
  if (adminEmails.length === 0) return;
  await db.transaction(async (tx) => {
    const promoted = await tx
      .update(user)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(
        and(
          inArray(user.email, adminEmails),
          eq(user.emailVerified, true),
          ne(user.role, 'admin'),
          userId ? eq(user.id, userId) : undefined,
        ),
      )
      .returning({ email: user.email });
    // A grant by configuration: no actor, and the entry commits with it.
    for (const { email } of promoted)
      await recordAudit(
        tx,
        { id: null, email: null, ip: null },
        {
          action: 'user.grant-admin',
          targetType: 'user',
          targetId: email,
          summary: `Made ${email} an admin (listed in ADMIN_EMAILS, address confirmed)`,
          before: { role: 'user' },
          after: { role: 'admin' },
        },
      );
  });
}

/** Marks the address as confirmed (then ADMIN_EMAILS may promote it). */
export async function markEmailConfirmed(db: Database, adminEmails: string[], userId: string) {
  await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(user.id, userId));
  await promoteConfirmedAdmins(db, adminEmails, userId);
}

/**
 * A verified Google/OIDC login is joining an account whose address was never confirmed: whoever
 * set its password may not be the owner (pre-registration), so the password and every session
 * go before the owner comes in.
 */
export async function evictPreRegistrant(db: Database, userId: string) {
  const [found] = await db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  if (!found || found.emailVerified) return;
  await db
    .delete(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  await db.delete(session).where(eq(session.userId, userId));
}

/** After a reset, no other mailed reset link of that user works (better-auth keys them by token). */
export async function invalidateResetLinks(db: Database, userId: string) {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}
