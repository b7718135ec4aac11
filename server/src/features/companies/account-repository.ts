import {
  type AdminInvoice,
  type AdminInvoicesQuery,
  type CompanyDetail,
  type CompanySummary,
  companyMessages,
  type InvoicePayment,
  type InvoicePayments,
  type Member,
  type RecordPaymentRequest,
  type Statement,
  type StatementInvoice,
  type TermsRequest,
} from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { formatPrice } from '@proper-parts/domain/format';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { companies } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type Queryable, rowsOf } from '../orders/orders-repository.ts';

/** Dollars from cents that raw statements answer as text (node-postgres) or bigint (PGlite). */
const dollars = (cents: number | string | bigint | null) => Number(cents ?? 0) / 100;
const dayOf = (value: string | Date | null) =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : value.toISOString().slice(0, 10);
/** Today in UTC: an invoice due yesterday is overdue everywhere at once. */
const TODAY = sql`(now() at time zone 'UTC')::date`;

// ---------------------------------------------------------------------------------------------
// Invoices on account, in the order a statement reads them.

/**
 * Open invoices first, the soonest due first; then the settled ones, the latest settled first.
 * `s` (0 open, 1 settled) and `k` (days since 1970 of the due day, or minus the microseconds of
 * the settlement) make that one ascending key with the order id, which the cursor names.
 */
const invoiceRows = (where: SQL) => sql`select * from (
    select o.id as "orderId", i.year, i.number_in_year as "numberInYear", o.po_number as "poNumber",
      i.issued_at as "issuedAt", i.due_on as "dueOn", o.total_cents as "totalCents",
      i.paid_cents as "paidCents", i.settled_at as "settledAt",
      (i.settled_at is null and i.due_on < ${TODAY}) as overdue,
      o.company_id as "companyId", c.name as "companyName",
      (i.settled_at is not null)::int as s,
      (case when i.settled_at is null then coalesce(i.due_on - date '1970-01-01', 99999999)
        else -(extract(epoch from i.settled_at) * 1000000)::bigint end)::bigint::text as k
    from invoices i
      join orders o on o.id = i.order_id
      join companies c on c.id = o.company_id
    where o.payment_terms = 'account' and o.status <> 'cancelled' and ${where}
  ) t`;

interface InvoiceRow {
  orderId: string;
  year: number;
  numberInYear: number;
  poNumber: string | null;
  issuedAt: string | Date;
  dueOn: string | Date | null;
  totalCents: number | string;
  paidCents: number | string;
  settledAt: string | Date | null;
  overdue: boolean;
  companyId: string;
  companyName: string;
  s: number | string;
  k: string;
}

const toStatementInvoice = (row: InvoiceRow): StatementInvoice => ({
  orderId: row.orderId,
  invoiceNumber: invoiceNumberOf(row.year, row.numberInYear),
  poNumber: row.poNumber,
  issuedAt: new Date(row.issuedAt).toISOString(),
  dueOn: dayOf(row.dueOn),
  total: dollars(row.totalCents),
  paid: dollars(row.paidCents),
  outstanding: dollars(Number(row.totalCents) - Number(row.paidCents)),
  overdue: row.overdue,
  settled: row.settledAt !== null,
});

const toAdminInvoice = (row: InvoiceRow): AdminInvoice => ({
  ...toStatementInvoice(row),
  companyId: row.companyId,
  companyName: row.companyName,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BAD_CURSOR = 'cursor: is not a cursor this list gave; start again without one';

const encodeInvoiceCursor = (row: InvoiceRow) =>
  Buffer.from(JSON.stringify([Number(row.s), row.k, row.orderId])).toString('base64url');

/** Rows after the cursor, every part checked so that no cursor can make a cast fail in SQL. */
function afterInvoiceCursor(cursor: string): SQL {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      (value[0] === 0 || value[0] === 1) &&
      typeof value[1] === 'string' &&
      /^-?\d{1,17}$/.test(value[1]) &&
      typeof value[2] === 'string' &&
      UUID.test(value[2])
    )
      return sql`(t.s, t.k::bigint, t."orderId") > (${value[0]}::int, ${value[1]}::bigint, ${value[2]}::uuid)`;
  } catch {
    // Not base64url JSON: the same answer as any other bad cursor.
  }
  throw new AppError('INVALID', BAD_CURSOR);
}

async function invoicePage<Item>(
  db: Queryable,
  where: SQL,
  page: PaginationQuery,
  toItem: (row: InvoiceRow) => Item,
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const rows = await rowsOf<InvoiceRow>(
    db,
    sql`${invoiceRows(where)}
      ${page.cursor ? sql`where ${afterInvoiceCursor(page.cursor)}` : sql``}
      order by t.s, t.k::bigint, t."orderId"
      limit ${page.limit + 1} offset ${page.offset}`,
  );
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    nextCursor: rows.length > page.limit && last ? encodeInvoiceCursor(last) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The statement.

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
  return {
    companyName: credit.name,
    termsDays: credit.termsDays,
    creditLimit: dollars(limit),
    balance: dollars(balance),
    availableCredit: dollars(Math.max(0, limit - balance)),
    overdueTotal: dollars(credit.overdueCents),
    awaitingApproval: dollars(credit.awaitingCents),
    invoices: items,
    nextCursor,
  };
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

/** Invoices on account across companies (or of one): open, overdue or settled. */
export function listAdminInvoices(db: Queryable, query: AdminInvoicesQuery) {
  const status = {
    open: sql`i.settled_at is null`,
    overdue: sql`i.settled_at is null and i.due_on < ${TODAY}`,
    settled: sql`i.settled_at is not null`,
  }[query.status];
  const where = query.companyId ? sql`${status} and o.company_id = ${query.companyId}` : status;
  return invoicePage(db, where, query, toAdminInvoice);
}

// ---------------------------------------------------------------------------------------------
// Recorded payments.

async function findAdminInvoice(db: Queryable, orderId: string): Promise<AdminInvoice | undefined> {
  const [row] = await rowsOf<InvoiceRow>(db, invoiceRows(sql`o.id = ${orderId}`));
  return row ? toAdminInvoice(row) : undefined;
}

async function paymentsOf(db: Queryable, orderId: string): Promise<InvoicePayment[]> {
  const rows = await rowsOf<{
    id: string;
    amountCents: number | string;
    reference: string;
    recordedBy: string | null;
    recordedAt: string | Date;
  }>(
    db,
    sql`select p.id, p.amount_cents as "amountCents", p.reference, u.name as "recordedBy",
        p.recorded_at as "recordedAt"
      from invoice_payments p left join "user" u on u.id = p.recorded_by
      where p.order_id = ${orderId}
      order by p.recorded_at, p.id`,
  );
  return rows.map((row) => ({
    _id: row.id,
    amount: dollars(row.amountCents),
    reference: row.reference,
    recordedBy: row.recordedBy,
    recordedAt: new Date(row.recordedAt).toISOString(),
  }));
}

/** Why an invoice cannot take a payment (or be listed with its payments), from its state now. */
async function refusalFor(db: Queryable, orderId: string, amountCents?: number): Promise<AppError> {
  const [row] = await rowsOf<{
    paymentTerms: string;
    status: string;
    settledAt: string | Date | null;
    outstandingCents: number | string;
  }>(
    db,
    sql`select o.payment_terms as "paymentTerms", o.status, i.settled_at as "settledAt",
        o.total_cents - i.paid_cents as "outstandingCents"
      from invoices i join orders o on o.id = i.order_id where i.order_id = ${orderId}`,
  );
  if (!row) return new AppError('NOT_FOUND', companyMessages.invoiceNotFound);
  if (row.paymentTerms !== 'account') return new AppError('CONFLICT', companyMessages.notOnAccount);
  if (row.status === 'cancelled') return new AppError('CONFLICT', companyMessages.invoiceCancelled);
  if (row.settledAt !== null) return new AppError('CONFLICT', companyMessages.alreadySettled);
  const outstanding = Number(row.outstandingCents);
  if (amountCents !== undefined && amountCents > outstanding)
    return new AppError('INVALID', companyMessages.overpaid(formatPrice(outstanding / 100)));
  // The invoice changed between the two reads (another payment): the caller may try again.
  return new AppError('CONFLICT', companyMessages.alreadySettled);
}

/** An invoice on account with every payment recorded against it. */
export async function invoiceWithPayments(
  db: Queryable,
  orderId: string,
): Promise<InvoicePayments> {
  const invoice = await findAdminInvoice(db, orderId);
  if (!invoice) {
    const refusal = await refusalFor(db, orderId);
    // An invoice on account, not cancelled, that the list does not show: there is none to show.
    throw refusal.message === companyMessages.alreadySettled
      ? new AppError('NOT_FOUND', companyMessages.invoiceNotFound)
      : refusal;
  }
  return { invoice, payments: await paymentsOf(db, orderId) };
}

const BALANCE_OUT_OF_STEP =
  "The company's balance is below this payment; nothing was recorded. Check the company's account";

/**
 * Records a payment against an invoice on account, in one statement: the invoice takes the amount
 * only while it is on account, not cancelled, not settled, and the amount fits what is still
 * owed. The UPDATE re-checks those on the row it locked, so of two payments of the whole amount
 * recorded at once one finds the invoice settled and changes nothing. The same statement lowers
 * the company's balance, writes the payment, and at the total settles the invoice and marks the
 * order paid; the transaction undoes it all if the balance would not follow (it always does:
 * every open invoice's outstanding amount is in the balance). A cancel of an on-account order must
 * give back `total - paid_cents`, not the total: recorded payments already lowered the balance.
 */
export async function recordPayment(
  db: Database,
  orderId: string,
  input: RecordPaymentRequest,
  recordedBy: string,
): Promise<{ result: InvoicePayments; settled: boolean; companyId: string }> {
  const cents = Math.round(input.amount * 100);
  const recorded = await db.transaction(async (tx) => {
    // The order's row first: a cancel running at the same time (it changes the order, and gives
    // the outstanding amount back to the balance) is then either wholly before or wholly after.
    await tx.execute(sql`select id from orders where id = ${orderId} for update`);
    const [row] = await rowsOf<{ companyId: string; settled: boolean; owed: number | string }>(
      tx,
      sql`with paid as (
          update invoices i set paid_cents = i.paid_cents + ${cents},
            settled_at = case when i.paid_cents + ${cents} = o.total_cents then now() end
          from orders o
          where i.order_id = ${orderId} and o.id = i.order_id and o.payment_terms = 'account'
            and o.status <> 'cancelled' and i.settled_at is null
            and i.paid_cents + ${cents} <= o.total_cents
          returning i.order_id, o.company_id, i.settled_at
        ), owed as (
          update companies c set balance_cents = c.balance_cents - ${cents}, updated_at = now()
          from paid where c.id = paid.company_id and c.balance_cents >= ${cents}
          returning c.id
        ), recorded as (
          insert into invoice_payments (order_id, amount_cents, reference, recorded_by)
          select order_id, ${cents}, ${input.reference}, ${recordedBy} from paid
        ), settled as (
          update orders set paid = true, updated_at = now()
          from paid where orders.id = paid.order_id and paid.settled_at is not null
        )
        select company_id as "companyId", settled_at is not null as settled,
          (select count(*) from owed) as owed
        from paid`,
    );
    if (!row) return undefined;
    if (Number(row.owed) !== 1) throw new AppError('CONFLICT', BALANCE_OUT_OF_STEP);
    return row;
  });
  if (!recorded) throw await refusalFor(db, orderId, cents);
  return {
    result: await invoiceWithPayments(db, orderId),
    settled: recorded.settled,
    companyId: recorded.companyId,
  };
}
