import {
  type CompanyDetail,
  type CompanySummary,
  companyMessages,
  type Member,
  type Statement,
  type TermsRequest,
} from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { formatPrice } from '@proper-parts/domain/format';
import type { CreditNoteRef } from '@proper-parts/domain/returns';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { companies } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import {
  type CreditNoteRefRow,
  creditNoteRefColumns,
  toCreditNoteRef,
} from '../returns/credit-note-refs.ts';
import { dollars, invoicePage, TODAY, toStatementInvoice } from './account-invoices.ts';

/** A company's account (issue 19): its statement, and the shop admin's companies and terms. */

interface CreditRow {
  id: string;
  name: string;
  taxId: string;
  billingAddress: string;
  termsDays: number | null;
  creditLimitCents: number | string;
  balanceCents: number | string;
  overdueCents: number | string;
  awaitingCents: number | string;
  members: number | string;
  createdAt: string | Date;
}

const overdueCentsOf = (company: SQL) => sql`(select coalesce(sum(o.total_cents - i.paid_cents), 0)
    from orders o join invoices i on i.order_id = o.id
    where o.company_id = ${company} and o.payment_terms = 'account' and o.status <> 'cancelled'
      and i.settled_at is null and i.due_on < ${TODAY})`;

const creditRows = (where: SQL) => sql`select c.id, c.name, c.tax_id as "taxId",
    c.billing_address as "billingAddress", c.terms_days as "termsDays",
    c.credit_limit_cents as "creditLimitCents", c.balance_cents as "balanceCents",
    ${overdueCentsOf(sql`c.id`)} as "overdueCents",
    (select coalesce(sum(o.total_cents), 0) from orders o
      where o.company_id = c.id and o.payment_terms = 'account'
        and o.status = 'awaiting_approval') as "awaitingCents",
    (select count(*) from company_members m where m.company_id = c.id) as members,
    c.created_at as "createdAt"
  from companies c where ${where}`;

async function creditOf(db: Queryable, companyId: string): Promise<CreditRow> {
  const [row] = await rowsOf<CreditRow>(db, creditRows(sql`c.id = ${companyId}`));
  if (!row) throw new AppError('NOT_FOUND', companyMessages.companyNotFound);
  return row;
}

/** A company's account: the balance and credit, and a page of its invoices on account. */
export async function companyStatement(
  db: Queryable,
  companyId: string,
  page: PaginationQuery,
): Promise<Statement> {
  const credit = await creditOf(db, companyId);
  const { items, nextCursor } = await invoicePage(
    db,
    sql`o.company_id = ${companyId}`,
    page,
    toStatementInvoice,
  );
  const limit = Number(credit.creditLimitCents);
  const balance = Number(credit.balanceCents);
  const notes = await creditNotesOf(
    db,
    items.map((item) => item.orderId),
  );
  return {
    companyName: credit.name,
    termsDays: credit.termsDays,
    creditLimit: dollars(limit),
    balance: dollars(balance),
    availableCredit: dollars(Math.max(0, limit - balance)),
    overdueTotal: dollars(credit.overdueCents),
    awaitingApproval: dollars(credit.awaitingCents),
    invoices: items.map((item) => ({ ...item, creditNotes: notes.get(item.orderId) ?? [] })),
    nextCursor,
  };
}

/** Issue 37: the credit notes of the page's invoices' orders, the oldest first, by order. */
async function creditNotesOf(db: Queryable, orderIds: string[]) {
  const byOrder = new Map<string, CreditNoteRef[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await rowsOf<CreditNoteRefRow & { orderId: string }>(
    db,
    sql`select n.order_id as "orderId", ${creditNoteRefColumns}
      from credit_notes n where n.order_id = any(${sql.param(orderIds)}::uuid[])
      order by n.issued_at, n.year, n.number_in_year`,
  );
  for (const row of rows)
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), toCreditNoteRef(row)]);
  return byOrder;
}

// ---------------------------------------------------------------------------------------------
// The shop admin's companies.

const toSummary = (row: CreditRow): CompanySummary => ({
  _id: row.id,
  name: row.name,
  taxId: row.taxId,
  members: Number(row.members),
  termsDays: row.termsDays,
  creditLimit: dollars(row.creditLimitCents),
  balance: dollars(row.balanceCents),
  overdue: dollars(row.overdueCents),
  createdAt: new Date(row.createdAt).toISOString(),
});

const newest = { createdAt: companies.createdAt, id: companies.id };

/** Every company, the newest first (keyset pages on `companies_newest_idx`). */
export async function listCompanies(db: Database, page: PaginationQuery) {
  const ids = await db
    .select({ id: companies.id, cursorAt: cursorAt(newest) })
    .from(companies)
    .where(page.cursor ? afterCursor(newest, page.cursor) : undefined)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  const { items, nextCursor } = pageOf(
    ids,
    page.limit,
    (row) => row.id,
    (row) => row.id,
  );
  if (items.length === 0) return { items: [], nextCursor };
  const rows = await rowsOf<CreditRow>(
    db,
    creditRows(
      sql`c.id in (${sql.join(
        items.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
  return {
    items: items.flatMap((id) => {
      const summary = byId.get(id);
      return summary ? [summary] : [];
    }),
    nextCursor,
  };
}

/** The most members a company's page lists; a company's buyers are people, not thousands. */
const MEMBERS_SHOWN = 500;

/** One company for a shop admin: its terms, credit and members. */
export async function findCompanyForAdmin(db: Queryable, id: string): Promise<CompanyDetail> {
  const credit = await creditOf(db, id);
  const members = await rowsOf<{
    userId: string;
    name: string;
    email: string;
    role: Member['role'];
    orderLimitCents: number | string | null;
    joinedAt: string | Date;
  }>(
    db,
    sql`select m.user_id as "userId", u.name, u.email, m.role,
        m.order_limit_cents as "orderLimitCents", m.joined_at as "joinedAt"
      from company_members m join "user" u on u.id = m.user_id
      where m.company_id = ${id}
      order by m.joined_at, m.user_id
      limit ${MEMBERS_SHOWN}`,
  );
  const limit = Number(credit.creditLimitCents);
  const balance = Number(credit.balanceCents);
  return {
    ...toSummary(credit),
    billingAddress: credit.billingAddress,
    availableCredit: dollars(Math.max(0, limit - balance)),
    memberList: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      orderLimit: m.orderLimitCents === null ? null : dollars(m.orderLimitCents),
      joinedAt: new Date(m.joinedAt).toISOString(),
    })),
  };
}

/**
 * Grants or changes a company's terms and credit limit. The limit may not fall below what the
 * company owes now: the guard is in the UPDATE itself (an order placed meanwhile raises the
 * balance under the same row lock), and the CHECK constraint behind it is answered the same way.
 */
export async function setTerms(
  db: Queryable,
  id: string,
  terms: TermsRequest,
): Promise<CompanyDetail> {
  const limitCents = Math.round(terms.creditLimit * 100);
  let changed: { id: string }[];
  try {
    changed = await rowsOf<{ id: string }>(
      db,
      sql`update companies set terms_days = ${terms.termsDays},
          credit_limit_cents = ${limitCents}, updated_at = now()
        where id = ${id} and balance_cents <= ${limitCents}
        returning id`,
    );
  } catch (error) {
    if (postgresErrorOf(error)?.code !== '23514') throw error;
    changed = [];
  }
  if (changed.length === 0) {
    const credit = await creditOf(db, id);
    throw new AppError(
      'CONFLICT',
      companyMessages.creditBelowBalance(formatPrice(dollars(credit.balanceCents))),
    );
  }
  return findCompanyForAdmin(db, id);
}

/**
 * The shop admin's change of terms and its audit entry, in one transaction. The company's row is
 * locked first: `before` is what this changes, and no order can raise the balance meanwhile.
 */
export async function setTermsAsAdmin(
  db: Database,
  actor: AuditActor,
  id: string,
  terms: TermsRequest,
): Promise<CompanyDetail> {
  return db.transaction(async (tx) => {
    const [before] = await rowsOf<{ termsDays: number | null; creditLimitCents: string | number }>(
      tx,
      sql`select terms_days as "termsDays", credit_limit_cents as "creditLimitCents"
        from companies where id = ${id} for update`,
    );
    const company = await setTerms(tx, id, terms);
    if (!before) return company;
    const was = { termsDays: before.termsDays, creditLimit: dollars(before.creditLimitCents) };
    const now = { termsDays: company.termsDays, creditLimit: company.creditLimit };
    if (was.termsDays === now.termsDays && was.creditLimit === now.creditLimit) return company;
    const termsOf = (days: number | null) => (days ? `net ${days}` : 'no terms');
    await recordAudit(tx, actor, {
      action: 'company.terms',
      targetType: 'company',
      targetId: id,
      summary: `${company.name}: ${termsOf(was.termsDays)}, credit ${formatPrice(was.creditLimit)} → ${termsOf(now.termsDays)}, credit ${formatPrice(now.creditLimit)}`,
      before: was,
      after: now,
    });
    return company;
  });
}
