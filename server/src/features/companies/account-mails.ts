import type { InvoicePayments } from '@proper-parts/domain/companies';
import { formatPrice } from '@proper-parts/domain/format';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { MailMessage } from '../mail/mailer.ts';

/** "Payment received" to each admin of the company, after a shop admin recorded a payment. */
export async function paymentRecordedMails(
  db: Queryable,
  companyId: string,
  { invoice }: InvoicePayments,
  amount: number,
): Promise<MailMessage[]> {
  const admins = await rowsOf<{ name: string; email: string }>(
    db,
    sql`select u.name, u.email from company_members m join "user" u on u.id = m.user_id
      where m.company_id = ${companyId} and m.role = 'admin'
      order by m.joined_at limit 20`,
  );
  const standing = invoice.settled
    ? 'The invoice is now paid in full.'
    : `Still due: ${formatPrice(invoice.outstanding)}${invoice.dueOn ? ` by ${invoice.dueOn}` : ''}.`;
  return admins.map((admin) => ({
    to: admin.email,
    subject: `Payment received for invoice ${invoice.invoiceNumber}`,
    text: [
      `Hello ${admin.name},`,
      '',
      `We recorded a payment of ${formatPrice(amount)} from ${invoice.companyName} against invoice ${invoice.invoiceNumber}${invoice.poNumber ? ` (PO ${invoice.poNumber})` : ''}.`,
      `Invoice total: ${formatPrice(invoice.total)}. Paid so far: ${formatPrice(invoice.paid)}.`,
      standing,
      '',
      'Your statement is on the Statement page of your dashboard.',
      '',
    ].join('\n'),
  }));
}
