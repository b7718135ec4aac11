import { type CompanyRole, companyMessages } from '@proper-parts/domain/companies';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type Actor, actorOf } from '../auth/actor.ts';

/** The caller's place in a company (issue 19). */
export interface Membership {
  userId: string;
  companyId: string;
  companyName: string;
  role: CompanyRole;
  /** A buyer's limit per order, in cents; null: no limit. */
  orderLimitCents: number | null;
}

/**
 * The company the user belongs to, read from the database on every call: removing a member ends
 * their access at the next request, in every process (nothing about a membership is cached).
 */
export async function membershipOf(db: Queryable, userId: string): Promise<Membership | undefined> {
  const [row] = await rowsOf<Membership & { orderLimitCents: number | string | null }>(
    db,
    sql`select m.user_id as "userId", m.company_id as "companyId", c.name as "companyName",
        m.role, m.order_limit_cents as "orderLimitCents"
      from company_members m join companies c on c.id = m.company_id
      where m.user_id = ${userId}`,
  );
  if (!row) return undefined;
  return {
    ...row,
    orderLimitCents: row.orderLimitCents === null ? null : Number(row.orderLimitCents),
  };
}

/**
 * The caller's membership, when their role is one of `roles` (any role when none are named).
 * Not a member (shop admins included: they run the shop, they belong to no company): 404, so a
 * stranger learns nothing. A member whose role may not do this: 403.
 */
export async function requireMembership(
  db: Queryable,
  actor: Actor,
  roles: readonly CompanyRole[] = [],
): Promise<Membership> {
  const membership = await membershipOf(db, actor.id);
  if (!membership) throw new AppError('NOT_FOUND', companyMessages.notInCompany);
  if (roles.length > 0 && !roles.includes(membership.role)) {
    const message = roles.includes('approver')
      ? companyMessages.onlyApprover
      : companyMessages.onlyCompanyAdmin;
    throw new AppError('FORBIDDEN', message);
  }
  return membership;
}

/** Company admins manage members, roles, addresses and limits. */
export const ADMINS = ['admin'] as const satisfies readonly CompanyRole[];
/** Approvers and company admins approve orders above a buyer's limit, and read the statement. */
export const APPROVERS = ['admin', 'approver'] as const satisfies readonly CompanyRole[];

/** `requireMembership` for the caller of a company route (company, invitation, address routes). */
export const callerMembership = (request: FastifyRequest, roles: readonly CompanyRole[] = []) =>
  requireMembership(request.server.db, actorOf(request), roles);

/**
 * Who may read an order's papers (its invoice, its shipments and packing slips): its buyer, a
 * shop admin, and (issue 19) the admins and approvers of the order's company, read from the
 * database now (a removed member no longer can). Anyone else is told nothing (the routes' 404).
 */
export async function mayReadOrderPapers(
  db: Queryable,
  actor: Actor,
  owner: { userId: string; companyId: string | null },
): Promise<boolean> {
  if (owner.userId === actor.id || actor.role === 'admin') return true;
  if (!owner.companyId) return false;
  const member = await membershipOf(db, actor.id);
  return (
    member?.companyId === owner.companyId && (APPROVERS as readonly string[]).includes(member.role)
  );
}
