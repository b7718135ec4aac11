import { type CreditNoteRef, creditNoteNumberOf } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';

/**
 * A credit note as returns and statements name it (issue 37): read as `creditNoteRefColumns` from
 * `credit_notes n`, mapped by `toCreditNoteRef`, so every list says the same of it.
 */
export const creditNoteRefColumns = sql`n.id, n.year, n.number_in_year as "numberInYear",
  n.total_cents as "totalCents", n.issued_at as "issuedAt", n.applied_cents as "appliedCents",
  n.paid_back_cents as "paidBackCents", n.paid_back_at as "paidBackAt",
  n.paid_back_reference as "paidBackReference"`;

export interface CreditNoteRefRow {
  id: string;
  year: number;
  numberInYear: number;
  totalCents: number | string;
  issuedAt: string | Date;
  appliedCents: number | string;
  paidBackCents: number | string;
  paidBackAt: string | Date | null;
  paidBackReference: string | null;
}

/** What is still owed back is what the invoice did not take, less what was paid back. */
export function toCreditNoteRef(row: CreditNoteRefRow): CreditNoteRef {
  const totalCents = Number(row.totalCents);
  const appliedCents = Number(row.appliedCents);
  const paidBackCents = Number(row.paidBackCents);
  return {
    id: row.id,
    number: creditNoteNumberOf(row.year, row.numberInYear),
    totalCents,
    issuedAt: new Date(row.issuedAt).toISOString(),
    appliedCents,
    owedBackCents: totalCents - appliedCents - paidBackCents,
    paidBackCents,
    paidBackAt: row.paidBackAt === null ? null : new Date(row.paidBackAt).toISOString(),
    paidBackReference: row.paidBackReference,
  };
}
