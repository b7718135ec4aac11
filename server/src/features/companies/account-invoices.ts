import type {
  AdminInvoice,
  AdminInvoicesQuery,
  StatementInvoice,
} from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';

/** Invoices on account (issue 19), as the statement and the shop admin's lists read them. */

export const dollars = (cents: number | string | bigint | null) => Number(cents ?? 0) / 100;
const dayOf = (value: string | Date | null) =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : value.toISOString().slice(0, 10);
/** Today in UTC: an invoice due yesterday is overdue everywhere at once. */
export const TODAY = sql`(now() at time zone 'UTC')::date`;

/**
 * Open invoices first, the soonest due first; then the settled ones, the latest settled first.
 * `s` (0 open, 1 settled) and `k` (days since 1970 of the due day, or minus the microseconds of
 * the settlement) make that one ascending key with the order id, which the cursor names.
 */
export const invoiceRows = (where: SQL) => sql`select * from (
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

export interface InvoiceRow {
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

export const toStatementInvoice = (row: InvoiceRow): StatementInvoice => ({
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

export const toAdminInvoice = (row: InvoiceRow): AdminInvoice => ({
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

export async function invoicePage<Item>(
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

/** One invoice on account, with its company; undefined for a card invoice or none. */
export async function findAdminInvoice(
  db: Queryable,
  orderId: string,
): Promise<AdminInvoice | undefined> {
  const [row] = await rowsOf<InvoiceRow>(db, invoiceRows(sql`o.id = ${orderId}`));
  return row ? toAdminInvoice(row) : undefined;
}
