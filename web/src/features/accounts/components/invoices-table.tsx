import type { StatementInvoice } from '@proper-parts/domain/companies';
import type { ReactNode } from 'react';
import { api } from '../../../config/paths';
import { formatDate, formatPrice } from '../../../lib/format';
import { CreditNoteBack } from '../../returns/components/credit-note-back';
import { formatDay } from '../format-day';
import { InvoiceStatusBadge } from './invoice-status';

type InvoicesTableProps = {
  invoices: StatementInvoice[];
  /** Something to do with an invoice (the shop admin's "Record payment"). */
  action?: (invoice: StatementInvoice) => ReactNode;
};

/**
 * Invoices on account: open ones first by due day, then the paid ones. On a phone the PO number,
 * issue and due dates sit under the invoice number, and the total and paid columns give way to
 * what is still owed; an action sits under the status.
 */
export function InvoicesTable({ invoices, action }: InvoicesTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm md:table-md">
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col" className="hidden lg:table-cell">
              PO number
            </th>
            <th scope="col" className="hidden md:table-cell">
              Issued
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Due
            </th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Total
            </th>
            <th scope="col" className="hidden text-right md:table-cell">
              Paid
            </th>
            <th scope="col" className="text-right">
              Outstanding
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.orderId} data-testid="invoice-row">
              <th scope="row" className="font-medium">
                <a
                  href={api.invoice(invoice.orderId)}
                  download
                  className="link link-primary whitespace-nowrap"
                  aria-label={`Invoice ${invoice.invoiceNumber} (PDF)`}
                >
                  {invoice.invoiceNumber}
                </a>
                {invoice.creditNotes?.map((note) => (
                  <span
                    key={note.id}
                    className="block text-xs font-normal"
                    data-testid="credit-note"
                  >
                    Credit{' '}
                    <a
                      href={api.creditNote(note.id)}
                      download
                      className="link link-primary whitespace-nowrap"
                      aria-label={`Credit note ${note.number} (PDF)`}
                    >
                      {note.number}
                    </a>{' '}
                    <span className="whitespace-nowrap tabular-nums">
                      −{formatPrice(note.totalCents / 100)}
                    </span>
                    <CreditNoteBack note={note} className="block text-base-content/70" />
                  </span>
                ))}
                <span className="block text-xs font-normal break-all text-base-content/70 lg:hidden">
                  {invoice.poNumber ? `PO ${invoice.poNumber}` : 'No PO'}
                </span>
                <span className="block text-xs font-normal text-base-content/70 md:hidden">
                  Issued {formatDate(invoice.issuedAt)}
                </span>
                <span className="block text-xs font-normal whitespace-nowrap sm:hidden">
                  Due {invoice.dueOn ? formatDay(invoice.dueOn) : '—'}
                </span>
              </th>
              <td className="hidden break-all lg:table-cell">{invoice.poNumber ?? '—'}</td>
              <td className="hidden whitespace-nowrap md:table-cell">
                {formatDate(invoice.issuedAt)}
              </td>
              <td className="hidden whitespace-nowrap sm:table-cell">
                {invoice.dueOn ? formatDay(invoice.dueOn) : '—'}
              </td>
              <td className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                {formatPrice(invoice.total)}
              </td>
              <td className="hidden text-right whitespace-nowrap tabular-nums md:table-cell">
                {formatPrice(invoice.paid)}
              </td>
              <td className="text-right font-medium whitespace-nowrap tabular-nums">
                {formatPrice(invoice.outstanding)}
              </td>
              <td>
                <div className="flex flex-col items-start gap-2 lg:flex-row lg:items-center">
                  <InvoiceStatusBadge invoice={invoice} />
                  {action?.(invoice)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
