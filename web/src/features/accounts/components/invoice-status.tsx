import type { StatementInvoice } from '@proper-parts/domain/companies';

/** Overdue, Open or Paid. */
export function InvoiceStatusBadge({ invoice }: { invoice: StatementInvoice }) {
  if (invoice.settled) return <span className="badge badge-success badge-sm">Paid</span>;
  if (invoice.overdue) return <span className="badge badge-error badge-sm">Overdue</span>;
  return <span className="badge badge-outline badge-sm">Open</span>;
}
