import type { StructuredAddress } from '@proper-parts/domain/addresses';
import {
  type Company,
  type CompanyRole,
  type CreateCompanyRequest,
  companyMessages,
  type UpdateCompanyRequest,
} from '@proper-parts/domain/companies';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import { type Membership, membershipOf } from './company-access.ts';

/** Times as the API shows them; money in dollars out, cents in (members' limits, credit). */
export const iso = (at: string | Date) => new Date(at).toISOString();
export const dollars = (cents: number | string | null) =>
  cents === null ? null : Number(cents) / 100;
export const cents = (amount: number | null | undefined) =>
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
        sql`insert into companies (name, tax_id, billing_address, billing_to)
          values (${input.name}, ${input.taxId}, ${input.billingAddress},
            ${input.billingTo ? JSON.stringify(input.billingTo) : null}::jsonb) returning id`,
      );
      await tx.execute(
        sql`insert into company_members (user_id, company_id, role)
          values (${actor.id}, ${made?.id}, 'admin')`,
      );
      await recordEvent(tx, 'company.created', `company:${made?.id}`, {
        id: made?.id,
        name: input.name,
        taxId: input.taxId,
        createdBy: actor.email,
      });
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
  billingTo: StructuredAddress | string | null;
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
        c.billing_to as "billingTo", c.terms_days as "termsDays", c.credit_limit_cents as "creditLimitCents",
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
    billingTo: typeof row.billingTo === 'string' ? JSON.parse(row.billingTo) : row.billingTo,
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
        billing_to = coalesce(${input.billingTo ? JSON.stringify(input.billingTo) : null}::jsonb,
          billing_to),
        updated_at = now()
      where id = ${membership.companyId}`,
  );
  return readCompany(db, membership.userId);
}
