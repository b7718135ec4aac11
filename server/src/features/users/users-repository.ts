import type { PaginationQuery } from '@proper-parts/domain/envelope';
import type { UserSummary } from '@proper-parts/domain/users';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

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

export async function listUsers(db: Database, page: PaginationQuery): Promise<UserSummary[]> {
  const rows = await db
    .select({ _id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row, role: row.role === 'admin' ? 'admin' : 'user' }));
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
