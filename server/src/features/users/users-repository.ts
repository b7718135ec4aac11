import type { PaginationQuery } from '@proper-parts/domain/envelope';
import type { UserSummary } from '@proper-parts/domain/users';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row;
}

/** The user with that email; a 404 for the caller when there is none. */
export async function requireUserByEmail(db: Database, email: string) {
  const found = await findUserByEmail(db, email);
  if (!found) throw new AppError('NOT_FOUND', 'No user with that email');
  return found;
}

/** Oldest first, by offset or after a cursor (http/keyset.ts). */
export async function listUsers(
  db: Database,
  page: PaginationQuery,
): Promise<{ items: UserSummary[]; nextCursor: string | null }> {
  const rows = await db
    .select({
      _id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      cursorAt: cursorAt(user),
    })
    .from(user)
    .where(page.cursor ? afterCursor(user, page.cursor, 'asc') : undefined)
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(
    rows,
    page.limit,
    ({ _id, email, name, role }): UserSummary => ({
      _id,
      email,
      name,
      role: role === 'admin' ? 'admin' : 'user',
    }),
    (row) => row._id,
  );
}

/** 1 when the user became an admin, 0 when they already were. */
export async function grantAdmin(db: Database, userId: string): Promise<number> {
  const changed = await db
    .update(user)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(user.id, userId), ne(user.role, 'admin')))
    .returning({ id: user.id });
  return changed.length;
}

/** The Make Admin route and command: the grant and its audit entry in one transaction; 0 when already admin. */
export async function grantAdminAsAdmin(
  db: Database,
  actor: AuditActor,
  target: { id: string; email: string },
  /** Said after the summary: how it was done when not through the API. */
  via = '',
): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await grantAdmin(tx as unknown as Database, target.id);
    if (changed === 0) return 0;
    await recordAudit(tx, actor, {
      action: 'user.grant-admin',
      targetType: 'user',
      targetId: target.email,
      summary: `Made ${target.email} an admin${via}`,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    return changed;
  });
}
