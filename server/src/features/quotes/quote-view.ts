import type { OrderStatus } from '@proper-parts/domain/constants';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import type { PaymentTerms } from '@proper-parts/domain/orders';
import type { Quote, QuoteLine, QuoteStatus, QuoteSummary } from '@proper-parts/domain/quotes';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { quotes } from '../../db/schema.ts';
import { cursorAt } from '../../http/keyset.ts';

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
export const quoteSelect = sql`select quotes.id, quotes.user_id as "userId",
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
          then (select t.cents from pp_unit_price(p.id, p.price_cents, l.quantity) t) end as "listCents",
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
