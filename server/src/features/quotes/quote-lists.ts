import type { PaginationQuery } from '@proper-parts/domain/envelope';
import type { QuoteStatus } from '@proper-parts/domain/quotes';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { quotes } from '../../db/schema.ts';
import { afterCursor, pageOf } from '../../http/keyset.ts';
import type { Actor } from '../auth/actor.ts';
import { membershipOf } from '../companies/company-access.ts';
import { type QuoteRow, quoteSelect, todayUtc, toQuoteSummary } from './quote-view.ts';

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
