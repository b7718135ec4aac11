import { formatPrice } from '@proper-parts/domain/format';
import {
  type AnswerQuoteRequest,
  MAX_QUOTE_TOTAL,
  type Quote,
  quoteMessages,
} from '@proper-parts/domain/quotes';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { recordEvent } from '../webhooks/outbox.ts';
import { type QuoteRow, quoteWithLines, readQuoteRow, todayUtc } from './quote-view.ts';

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
    await recordEvent(tx, 'quote.answered', `quote:${id}`, {
      id,
      total: totalCents / 100,
      leadTimeDays: input.leadTimeDays,
      expiresOn: input.expiresOn,
    });
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
