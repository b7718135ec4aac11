import type { OrderStatus } from '@proper-parts/domain/constants';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { formatPrice } from '@proper-parts/domain/format';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import type { PaymentTerms } from '@proper-parts/domain/orders';
import {
  type AnswerQuoteRequest,
  MAX_OPEN_QUOTES,
  MAX_QUOTE_LINES,
  MAX_QUOTE_TOTAL,
  type Quote,
  type QuoteLine,
  type QuoteStatus,
  type QuoteSummary,
  quoteMessages,
  type RequestQuoteRequest,
} from '@proper-parts/domain/quotes';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { quotes } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import type { Actor } from '../auth/actor.ts';
import { type Membership, membershipOf } from '../companies/company-access.ts';

/** Today in UTC, whatever the session's time zone: a quote expires after its day, in UTC. */
export const todayUtc = sql`(now() at time zone 'UTC')::date`;

/** A quote as read, before its lines; `expired` is computed, never stored. */
export interface QuoteRow {
  id: string;
  userId: string;
  companyId: string | null;
  message: string;
  status: Exclude<QuoteStatus, 'expired'>;
  expired: boolean;
  leadTimeDays: number | null;
  expiresOn: string | null;
  answerNote: string | null;
  createdAt: string | Date;
  answeredAt: string | Date | null;
  buyerName: string;
  buyerEmail: string;
  companyName: string | null;
  orderId: string | null;
  orderStatus: OrderStatus | null;
  orderPaymentTerms: PaymentTerms | null;
  invoiceYear: number | null;
  invoiceNumber: number | null;
  /** YYYY-MM-DD (read as text: no time zone to shift it). */
  dueOn: string | null;
  lineCount: number | string;
  /** Σ quoted unit × quantity; null until answered. */
  totalCents: number | string | null;
  cursorAt: string;
}

/** Unaliased `quotes`, so the keyset helpers' column references resolve. */
const quoteSelect = sql`select quotes.id, quotes.user_id as "userId",
    quotes.company_id as "companyId", quotes.message, quotes.status,
    (quotes.status = 'answered' and quotes.expires_on < ${todayUtc}) as expired,
    quotes.lead_time_days as "leadTimeDays", quotes.expires_on::text as "expiresOn",
    quotes.answer_note as "answerNote", quotes.created_at as "createdAt",
    quotes.answered_at as "answeredAt", u.name as "buyerName", u.email as "buyerEmail",
    c.name as "companyName", o.id as "orderId", o.status as "orderStatus",
    o.payment_terms as "orderPaymentTerms", i.year as "invoiceYear",
    i.number_in_year as "invoiceNumber", i.due_on::text as "dueOn",
    (select count(*) from quote_lines l where l.quote_id = quotes.id) as "lineCount",
    (select sum(l.unit_price_cents::bigint * l.quantity) from quote_lines l
      where l.quote_id = quotes.id) as "totalCents",
    ${cursorAt(quotes)} as "cursorAt"
  from quotes join "user" u on u.id = quotes.user_id
    left join companies c on c.id = quotes.company_id
    left join orders o on o.quote_id = quotes.id
    left join invoices i on i.order_id = o.id`;

const isoOf = (value: string | Date) => new Date(value).toISOString();

export function toQuoteSummary(row: QuoteRow): QuoteSummary {
  const answered = row.status !== 'requested' && row.status !== 'declined';
  return {
    _id: row.id,
    status: row.expired ? 'expired' : row.status,
    message: row.message,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    companyName: row.companyName,
    leadTimeDays: row.leadTimeDays,
    expiresOn: row.expiresOn,
    answerNote: row.answerNote,
    total: answered && row.totalCents !== null ? Number(row.totalCents) / 100 : null,
    orderId: row.orderId,
    order:
      row.orderStatus === null || row.orderPaymentTerms === null
        ? null
        : {
            status: row.orderStatus,
            paymentTerms: row.orderPaymentTerms,
            invoiceNumber:
              row.invoiceYear === null || row.invoiceNumber === null
                ? null
                : invoiceNumberOf(row.invoiceYear, row.invoiceNumber),
            dueOn: row.dueOn,
          },
    createdAt: isoOf(row.createdAt),
    answeredAt: row.answeredAt ? isoOf(row.answeredAt) : null,
    lineCount: Number(row.lineCount),
  };
}

interface LineRow {
  lineNo: number;
  productId: string;
  sku: string;
  name: string;
  quantity: number;
  unitCents: number | null;
  listCents: number | string | null;
  availableQuantity: number;
}

async function linesOf(db: Queryable, quoteId: string): Promise<QuoteLine[]> {
  const rows = await rowsOf<LineRow>(
    db,
    sql`select l.line_no as "lineNo", l.product_id as "productId", l.sku, l.name, l.quantity,
        l.unit_price_cents as "unitCents",
        case when p.deleted_at is null
          then pp_unit_price_cents(p.id, p.price_cents, l.quantity) end as "listCents",
        p.available_quantity as "availableQuantity"
      from quote_lines l join products p on p.id = l.product_id
      where l.quote_id = ${quoteId}
      order by l.line_no`,
  );
  return rows.map((row) => ({
    lineNo: row.lineNo,
    productId: row.productId,
    sku: row.sku,
    name: row.name,
    quantity: row.quantity,
    listPrice: row.listCents === null ? null : Number(row.listCents) / 100,
    availableQuantity: row.availableQuantity,
    unitPrice: row.unitCents === null ? null : row.unitCents / 100,
    lineTotal: row.unitCents === null ? null : (row.unitCents * row.quantity) / 100,
  }));
}

export async function quoteWithLines(db: Queryable, row: QuoteRow): Promise<Quote> {
  const { lineCount: _, ...summary } = toQuoteSummary(row);
  return { ...summary, lines: await linesOf(db, row.id) };
}

export async function readQuoteRow(db: Queryable, id: string): Promise<QuoteRow | undefined> {
  const [row] = await rowsOf<QuoteRow>(db, sql`${quoteSelect} where quotes.id = ${id}`);
  return row;
}

/** A quote and the caller's membership, once the caller may see it. */
export interface VisibleQuote {
  row: QuoteRow;
  membership: Membership | undefined;
}

/**
 * Who sees a quote: a shop admin; its requester while the quote is theirs alone or they are still
 * in the quote's company (a removed member loses the company's quotes at once); the company
 * admins of the quote's company. Anyone else: not found, so a stranger learns nothing.
 */
export async function visibleQuote(db: Queryable, actor: Actor, id: string): Promise<VisibleQuote> {
  const row = await readQuoteRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', quoteMessages.notFound);
  if (actor.role === 'admin') return { row, membership: undefined };
  const membership = await membershipOf(db, actor.id);
  const inItsCompany = row.companyId !== null && membership?.companyId === row.companyId;
  const requester = row.userId === actor.id && (row.companyId === null || inItsCompany);
  const companyAdmin = inItsCompany && membership?.role === 'admin';
  if (!requester && !companyAdmin) throw new AppError('NOT_FOUND', quoteMessages.notFound);
  return { row, membership };
}

/** One filter of the lists: `expired` and `answered` split the stored 'answered' by its day. */
function statusIs(status: QuoteStatus | undefined): SQL {
  if (status === undefined) return sql`true`;
  if (status === 'expired')
    return sql`quotes.status = 'answered' and quotes.expires_on < ${todayUtc}`;
  if (status === 'answered')
    return sql`quotes.status = 'answered' and quotes.expires_on >= ${todayUtc}`;
  return sql`quotes.status = ${status}`;
}

async function pageOfQuotes(
  db: Queryable,
  who: SQL,
  query: PaginationQuery & { status?: QuoteStatus },
) {
  const after = query.cursor ? afterCursor(quotes, query.cursor) : sql`true`;
  const rows = await rowsOf<QuoteRow>(
    db,
    sql`${quoteSelect}
      where (${who}) and (${statusIs(query.status)}) and ${after}
      order by quotes.created_at desc, quotes.id desc
      limit ${query.limit + 1} offset ${query.offset}`,
  );
  return pageOf(rows, query.limit, toQuoteSummary, (row) => row.id);
}

/**
 * The caller's quotes, newest first: their own (those of their current company, or made outside
 * any company); a company admin sees every quote of their company.
 */
export async function listMyQuotes(
  db: Queryable,
  actor: Actor,
  query: PaginationQuery & { status?: QuoteStatus },
) {
  const membership = await membershipOf(db, actor.id);
  const companyId = membership?.companyId ?? null;
  const own = sql`quotes.user_id = ${actor.id}
    and (quotes.company_id is null or quotes.company_id = ${companyId})`;
  const who =
    membership?.role === 'admin' ? sql`(${own}) or quotes.company_id = ${companyId}` : own;
  return pageOfQuotes(db, who, query);
}

/** Shop admin: every quote, newest first, of one status or all. */
export function listAllQuotes(db: Queryable, query: PaginationQuery & { status?: QuoteStatus }) {
  return pageOfQuotes(db, sql`true`, query);
}

interface ProductFacts {
  productId: string;
  quantity: number;
  sku: string;
  name: string;
  live: boolean;
}

/** The lines to quote: the body's (one line per part, quantities summed), or the cart's. */
async function wantedLines(
  db: Queryable,
  userId: string,
  lines: RequestQuoteRequest['lines'],
): Promise<ProductFacts[]> {
  if (lines === undefined)
    return rowsOf<ProductFacts>(
      db,
      sql`select c.product_id as "productId", c.quantity, p.sku, p.name,
          p.deleted_at is null as live
        from cart_lines c join products p on p.id = c.product_id
        where c.user_id = ${userId}
        order by c.added_at, p.id`,
    );
  const wanted = new Map<string, number>();
  for (const line of lines)
    wanted.set(line.productId, Math.min((wanted.get(line.productId) ?? 0) + line.quantity, 1e6));
  if (wanted.size === 0) return [];
  const found = await rowsOf<ProductFacts>(
    db,
    sql`select w.product_id as "productId", w.quantity, p.sku, p.name,
        p.deleted_at is null as live
      from unnest(${sql.param([...wanted.keys()])}::uuid[], ${sql.param([...wanted.values()])}::int[])
        with ordinality as w(product_id, quantity, ord)
      join products p on p.id = w.product_id
      order by w.ord`,
  );
  if (found.length !== wanted.size) throw new AppError('INVALID', quoteMessages.unknownPart);
  return found;
}

/**
 * A buyer's request for a quote: the cart's lines (or the body's), quantities above the stock
 * allowed, parts no longer sold refused by name. The part's number and name are copied, as an
 * order line copies them. The cart is kept: the buyer may still check out what is in stock.
 */
export async function requestQuote(
  db: Database,
  actor: Actor,
  input: RequestQuoteRequest,
): Promise<Quote> {
  const id = await db.transaction(async (tx) => {
    const lines = await wantedLines(tx, actor.id, input.lines);
    if (lines.length === 0) throw new AppError('INVALID', quoteMessages.cartEmpty);
    if (lines.length > MAX_QUOTE_LINES) throw new AppError('INVALID', quoteMessages.tooManyLines);
    const gone = lines.find((line) => !line.live);
    if (gone) throw new AppError('INVALID', quoteMessages.partGone(`${gone.sku} ${gone.name}`));
    const [open] = await rowsOf<{ n: number | string }>(
      tx,
      sql`select count(*) as n from quotes where user_id = ${actor.id} and status = 'requested'`,
    );
    if (Number(open?.n ?? 0) >= MAX_OPEN_QUOTES)
      throw new AppError('CONFLICT', quoteMessages.tooManyOpen(MAX_OPEN_QUOTES));
    const membership = await membershipOf(tx, actor.id);
    const [quote] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into quotes (user_id, company_id, message)
        values (${actor.id}, ${membership?.companyId ?? null}, ${input.message})
        returning id`,
    );
    const quoteId = quote?.id as string;
    await tx.execute(
      sql`insert into quote_lines (quote_id, line_no, product_id, sku, name, quantity)
        select ${quoteId}, w.line_no, w.product_id, w.sku, w.name, w.quantity
        from unnest(${sql.param(lines.map((l) => l.productId))}::uuid[],
          ${sql.param(lines.map((l) => l.sku))}::text[],
          ${sql.param(lines.map((l) => l.name))}::text[],
          ${sql.param(lines.map((l) => l.quantity))}::int[])
          with ordinality as w(product_id, sku, name, quantity, line_no)`,
    );
    return quoteId;
  });
  return quoteWithLines(db, (await readQuoteRow(db, id)) as QuoteRow);
}

/**
 * The shop's answer: a unit price for every line (no line missing, none extra), a lead time and
 * an expiry day not in the past. Only a quote still waiting is answered: the guarded update makes
 * one of two admins answering at once the one that answers; the other is told it is closed.
 */
export async function answerQuote(
  db: Database,
  adminId: string,
  id: string,
  input: AnswerQuoteRequest,
  actor: AuditActor,
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const existing = await rowsOf<{ lineNo: number; quantity: number }>(
      tx,
      sql`select line_no as "lineNo", quantity from quote_lines where quote_id = ${id}`,
    );
    if (existing.length === 0) throw new AppError('NOT_FOUND', quoteMessages.notFound);
    const given = new Map(input.lines.map((line) => [line.lineNo, line.unitPrice]));
    const matches =
      given.size === input.lines.length &&
      given.size === existing.length &&
      existing.every((line) => given.has(line.lineNo));
    if (!matches) throw new AppError('INVALID', quoteMessages.linesMismatch);
    const cents = existing.map((line) => Math.round((given.get(line.lineNo) as number) * 100));
    const totalCents = existing.reduce(
      (sum, line, i) => sum + (cents[i] as number) * line.quantity,
      0,
    );
    // The order is paid by card: nothing to pay is not an order.
    if (totalCents === 0) throw new AppError('INVALID', quoteMessages.totalZero);
    if (totalCents > MAX_QUOTE_TOTAL * 100)
      throw new AppError('INVALID', quoteMessages.totalTooLarge);
    const [future] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select ${input.expiresOn}::date >= ${todayUtc} as ok`,
    );
    if (!future?.ok) throw new AppError('INVALID', quoteMessages.expiryInPast);
    const answered = await rowsOf<{ id: string }>(
      tx,
      sql`update quotes set status = 'answered', lead_time_days = ${input.leadTimeDays},
          expires_on = ${input.expiresOn}::date, answer_note = ${input.note || null},
          answered_by = ${adminId}, answered_at = now(), updated_at = now()
        where id = ${id} and status = 'requested'
        returning id`,
    );
    if (answered.length === 0) throw new AppError('CONFLICT', quoteMessages.notAnswerable);
    await tx.execute(
      sql`update quote_lines l set unit_price_cents = v.cents
        from unnest(${sql.param(existing.map((line) => line.lineNo))}::int[],
          ${sql.param(cents)}::int[]) as v(line_no, cents)
        where l.quote_id = ${id} and l.line_no = v.line_no`,
    );
    await recordAudit(tx, actor, {
      action: 'quote.answer',
      targetType: 'quote',
      targetId: id,
      summary: `Answered quote ${id.slice(0, 8)}: ${formatPrice(totalCents / 100)}, ${input.leadTimeDays} days, until ${input.expiresOn}`,
      before: { status: 'requested' },
      after: {
        status: 'answered',
        total: totalCents / 100,
        leadTimeDays: input.leadTimeDays,
        expiresOn: input.expiresOn,
      },
    });
  });
  return quoteWithLines(db, (await readQuoteRow(db, id)) as QuoteRow);
}

/** The shop will not quote: only a request still waiting can be declined. */
export async function declineQuote(
  db: Database,
  adminId: string,
  id: string,
  note: string,
  actor: AuditActor,
): Promise<Quote> {
  const declined = await db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`update quotes set status = 'declined', answer_note = ${note || null},
          answered_by = ${adminId}, answered_at = now(), updated_at = now()
        where id = ${id} and status = 'requested'
        returning id`,
    );
    if (rows.length > 0)
      await recordAudit(tx, actor, {
        action: 'quote.decline',
        targetType: 'quote',
        targetId: id,
        summary: `Declined quote ${id.slice(0, 8)}${note ? `: ${note}` : ''}`,
        before: { status: 'requested' },
        after: { status: 'declined' },
      });
    return rows;
  });
  const row = await readQuoteRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', quoteMessages.notFound);
  if (declined.length === 0) throw new AppError('CONFLICT', quoteMessages.notDeclinable);
  return quoteWithLines(db, row);
}

/** The shop admins, who answer quotes: each is mailed a new request and an acceptance. */
export async function shopAdmins(db: Queryable): Promise<{ email: string; name: string }[]> {
  return rowsOf(
    db,
    sql`select email, name from "user" where role = 'admin' order by created_at limit 50`,
  );
}
