import { quoteMessages } from '@proper-parts/domain/quotes';
import type { Queryable } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import { type Membership, membershipOf } from '../companies/company-access.ts';
import { type QuoteRow, readQuoteRow } from './quote-view.ts';

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
