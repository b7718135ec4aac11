import {
  type CompanyRole,
  companyMessages,
  type Member,
  type UpdateMemberRequest,
} from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { companyMembers, user } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import type { Membership } from './company-access.ts';
import { cents, dollars, iso } from './company-repository.ts';

/** Members page by when they joined (`company_members_company_idx`). */
const byJoined = { createdAt: companyMembers.joinedAt, id: companyMembers.userId };

export async function listMembers(db: Database, companyId: string, page: PaginationQuery) {
  const ofCompany = eq(companyMembers.companyId, companyId);
  const rows = await db
    .select({
      userId: companyMembers.userId,
      name: user.name,
      email: user.email,
      role: companyMembers.role,
      orderLimitCents: companyMembers.orderLimitCents,
      joinedAt: companyMembers.joinedAt,
      cursorAt: cursorAt(byJoined),
    })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(page.cursor ? and(ofCompany, afterCursor(byJoined, page.cursor, 'asc')) : ofCompany)
    .orderBy(asc(companyMembers.joinedAt), asc(companyMembers.userId))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(
    rows,
    page.limit,
    (row): Member => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      role: row.role,
      orderLimit: dollars(row.orderLimitCents),
      joinedAt: iso(row.joinedAt),
    }),
    (row) => row.userId,
  );
}

/**
 * Runs `change` while holding the company's row, so that two admins demoting or removing each
 * other at once are decided one after the other: the second sees the first's change and is
 * refused when it would leave the company without an admin.
 */
async function withCompanyLocked<T>(
  db: Database,
  membership: Membership,
  change: (tx: Queryable, callerRole: CompanyRole) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from companies where id = ${membership.companyId} for update`);
    // The caller's role as it is now, under the lock: an admin demoted or removed by a request
    // that committed meanwhile can no longer act as one.
    const [caller] = await rowsOf<{ role: CompanyRole }>(
      tx,
      sql`select role from company_members
        where user_id = ${membership.userId} and company_id = ${membership.companyId}`,
    );
    if (!caller) throw new AppError('NOT_FOUND', companyMessages.notInCompany);
    return change(tx, caller.role);
  });
}

function assertAdmin(role: CompanyRole) {
  if (role !== 'admin') throw new AppError('FORBIDDEN', companyMessages.onlyCompanyAdmin);
}

async function targetOf(tx: Queryable, companyId: string, userId: string) {
  const [target] = await rowsOf<{ role: CompanyRole }>(
    tx,
    sql`select role from company_members where user_id = ${userId} and company_id = ${companyId}`,
  );
  // A user of another company (or of none) is not found: nothing about them is told.
  if (!target) throw new AppError('NOT_FOUND', companyMessages.memberNotFound);
  return target;
}

async function assertAnotherAdmin(
  tx: Queryable,
  companyId: string,
  userId: string,
  message: string = companyMessages.lastAdmin,
) {
  const [others] = await rowsOf<{ n: number | string }>(
    tx,
    sql`select count(*) as n from company_members
      where company_id = ${companyId} and role = 'admin' and user_id <> ${userId}`,
  );
  if (Number(others?.n ?? 0) === 0) throw new AppError('CONFLICT', message);
}

/** A company admin changes a member's role and/or limit (only buyers have a limit). */
export async function updateMember(
  db: Database,
  membership: Membership,
  userId: string,
  input: UpdateMemberRequest,
): Promise<Member> {
  await withCompanyLocked(db, membership, async (tx, callerRole) => {
    assertAdmin(callerRole);
    const target = await targetOf(tx, membership.companyId, userId);
    const role = input.role ?? target.role;
    if (role !== 'buyer' && input.orderLimit != null)
      throw new AppError('INVALID', companyMessages.limitOnlyForBuyers);
    if (target.role === 'admin' && role !== 'admin')
      await assertAnotherAdmin(tx, membership.companyId, userId);
    // Approvers and admins have no limit; a buyer keeps theirs unless one is sent.
    const limit =
      role !== 'buyer'
        ? null
        : input.orderLimit !== undefined
          ? cents(input.orderLimit)
          : sql`order_limit_cents`;
    await tx.execute(
      sql`update company_members set role = ${role}, order_limit_cents = ${limit}
        where user_id = ${userId} and company_id = ${membership.companyId}`,
    );
    if (target.role === 'admin' && role !== 'admin')
      await withdrawInvitationsOf(tx, membership.companyId, userId);
  });
  return memberOf(db, membership.companyId, userId);
}

async function memberOf(db: Queryable, companyId: string, userId: string): Promise<Member> {
  const [row] = await rowsOf<{
    userId: string;
    name: string;
    email: string;
    role: CompanyRole;
    orderLimitCents: number | string | null;
    joinedAt: string | Date;
  }>(
    db,
    sql`select m.user_id as "userId", u.name, u.email, m.role,
        m.order_limit_cents as "orderLimitCents", m.joined_at as "joinedAt"
      from company_members m join "user" u on u.id = m.user_id
      where m.user_id = ${userId} and m.company_id = ${companyId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', companyMessages.memberNotFound);
  return {
    ...row,
    orderLimit: dollars(row.orderLimitCents),
    joinedAt: iso(row.joinedAt),
  };
}

/**
 * A company admin removes a member; any member may remove themselves (leave). Their access ends
 * at their next request: every company route reads the membership from the database.
 */
export async function removeMember(db: Database, membership: Membership, userId: string) {
  await withCompanyLocked(db, membership, async (tx, callerRole) => {
    if (userId !== membership.userId) assertAdmin(callerRole);
    const target = await targetOf(tx, membership.companyId, userId);
    const leaving = userId === membership.userId;
    if (target.role === 'admin')
      await assertAnotherAdmin(
        tx,
        membership.companyId,
        userId,
        leaving ? companyMessages.lastAdminLeaving : companyMessages.lastAdmin,
      );
    await tx.execute(
      sql`delete from company_members
        where user_id = ${userId} and company_id = ${membership.companyId}`,
    );
    await withdrawInvitationsOf(tx, membership.companyId, userId);
  });
}

/**
 * The open invitations an admin sent go with their admin role: a link they mailed to an address
 * of their own would otherwise bring them back in, as whatever role they chose, after they were
 * removed or demoted. The other admins may invite again.
 */
async function withdrawInvitationsOf(tx: Queryable, companyId: string, userId: string) {
  await tx.execute(
    sql`update company_invitations set revoked_at = now()
      where company_id = ${companyId} and invited_by = ${userId}
        and accepted_at is null and revoked_at is null`,
  );
}
