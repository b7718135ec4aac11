import {
  type AddressRequest,
  type Company,
  type CompanyAddress,
  type CompanyRole,
  type CreateCompanyRequest,
  companyMessages,
  type Member,
  type UpdateCompanyRequest,
  type UpdateMemberRequest,
} from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { companyAddresses, companyMembers, user } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import type { Actor } from '../auth/actor.ts';
import { type Membership, membershipOf } from './company-access.ts';

const iso = (at: string | Date) => new Date(at).toISOString();
const dollars = (cents: number | string | null) => (cents === null ? null : Number(cents) / 100);
const cents = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? null : Math.round(amount * 100);

/** A second membership breaks company_members' primary key: the user is already in a company. */
export const alreadyInCompany = (error: unknown) =>
  uniqueViolationOf(error)?.includes('company_members') ?? false;

/**
 * Shop admins run the shop; they belong to no company (they see companies through /admin). Nor
 * do ADMIN_EMAILS addresses, which become shop admins once confirmed.
 */
export function assertMayJoin(actor: Actor, adminEmails: readonly string[]) {
  if (actor.role === 'admin' || adminEmails.includes(actor.email.toLowerCase()))
    throw new AppError('FORBIDDEN', companyMessages.shopAdminCannotJoin);
}

/**
 * Creates the company and makes the caller its admin, in one transaction: when two creates race,
 * the second membership insert waits for the first and then breaks the primary key, and its
 * company goes with the rollback (no company is left without a member).
 */
export async function createCompany(
  db: Database,
  actor: Actor,
  input: CreateCompanyRequest,
  adminEmails: readonly string[],
): Promise<Company> {
  assertMayJoin(actor, adminEmails);
  if (await membershipOf(db, actor.id))
    throw new AppError('CONFLICT', companyMessages.alreadyInCompany);
  try {
    await db.transaction(async (tx) => {
      const [made] = await rowsOf<{ id: string }>(
        tx,
        sql`insert into companies (name, tax_id, billing_address)
          values (${input.name}, ${input.taxId}, ${input.billingAddress}) returning id`,
      );
      await tx.execute(
        sql`insert into company_members (user_id, company_id, role)
          values (${actor.id}, ${made?.id}, 'admin')`,
      );
    });
  } catch (error) {
    if (alreadyInCompany(error)) throw new AppError('CONFLICT', companyMessages.alreadyInCompany);
    throw error;
  }
  return readCompany(db, actor.id);
}

interface CompanyRow {
  id: string;
  name: string;
  taxId: string;
  billingAddress: string;
  termsDays: number | null;
  creditLimitCents: number | string;
  balanceCents: number | string;
  createdAt: string | Date;
  role: CompanyRole;
  orderLimitCents: number | string | null;
  canLeave: boolean;
}

/** The company of `userId`, as its members see it, with their own role and limit. */
export async function readCompany(db: Queryable, userId: string): Promise<Company> {
  const [row] = await rowsOf<CompanyRow>(
    db,
    sql`select c.id, c.name, c.tax_id as "taxId", c.billing_address as "billingAddress",
        c.terms_days as "termsDays", c.credit_limit_cents as "creditLimitCents",
        c.balance_cents as "balanceCents", c.created_at as "createdAt",
        m.role, m.order_limit_cents as "orderLimitCents",
        (m.role <> 'admin' or exists (select 1 from company_members o
          where o.company_id = m.company_id and o.role = 'admin' and o.user_id <> m.user_id))
          as "canLeave"
      from company_members m join companies c on c.id = m.company_id
      where m.user_id = ${userId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', companyMessages.notInCompany);
  const credit = Number(row.creditLimitCents);
  const balance = Number(row.balanceCents);
  return {
    _id: row.id,
    name: row.name,
    taxId: row.taxId,
    billingAddress: row.billingAddress,
    termsDays: row.termsDays === null ? null : Number(row.termsDays),
    creditLimit: credit / 100,
    balance: balance / 100,
    availableCredit: Math.max(0, credit - balance) / 100,
    createdAt: iso(row.createdAt),
    me: { role: row.role, orderLimit: dollars(row.orderLimitCents), canLeave: row.canLeave },
  };
}

/** A company admin changes the name, tax number or billing address (terms are the shop's). */
export async function updateCompany(
  db: Database,
  membership: Membership,
  input: UpdateCompanyRequest,
): Promise<Company> {
  await db.execute(
    sql`update companies set
        name = coalesce(${input.name ?? null}, name),
        tax_id = coalesce(${input.taxId ?? null}, tax_id),
        billing_address = coalesce(${input.billingAddress ?? null}, billing_address),
        updated_at = now()
      where id = ${membership.companyId}`,
  );
  return readCompany(db, membership.userId);
}

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

/** Addresses page oldest first (`company_addresses_company_idx`). */
const byAdded = { createdAt: companyAddresses.createdAt, id: companyAddresses.id };

const toAddress = (row: {
  id: string;
  label: string;
  address: string;
  createdAt: string | Date;
}): CompanyAddress => ({
  _id: row.id,
  label: row.label,
  address: row.address,
  createdAt: iso(row.createdAt),
});

export async function listAddresses(db: Database, companyId: string, page: PaginationQuery) {
  const ofCompany = eq(companyAddresses.companyId, companyId);
  const rows = await db
    .select({
      id: companyAddresses.id,
      label: companyAddresses.label,
      address: companyAddresses.address,
      createdAt: companyAddresses.createdAt,
      cursorAt: cursorAt(byAdded),
    })
    .from(companyAddresses)
    .where(page.cursor ? and(ofCompany, afterCursor(byAdded, page.cursor, 'asc')) : ofCompany)
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(rows, page.limit, toAddress, (row) => row.id);
}

export async function addAddress(
  db: Database,
  companyId: string,
  input: AddressRequest,
): Promise<CompanyAddress> {
  const [row] = await rowsOf<Parameters<typeof toAddress>[0]>(
    db,
    sql`insert into company_addresses (company_id, label, address)
      values (${companyId}, ${input.label}, ${input.address})
      returning id, label, address, created_at as "createdAt"`,
  );
  return toAddress(row as Parameters<typeof toAddress>[0]);
}

/** Another company's address is not found (its existence is not told). */
export async function deleteAddress(db: Database, companyId: string, id: string) {
  const gone = await rowsOf<{ id: string }>(
    db,
    sql`delete from company_addresses where id = ${id} and company_id = ${companyId} returning id`,
  );
  if (gone.length === 0) throw new AppError('NOT_FOUND', companyMessages.addressNotFound);
}
