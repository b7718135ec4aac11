import { useId, useState } from 'react';
import { api } from '../../../config/paths';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const exports = {
  orders: {
    label: 'Orders',
    href: api.ordersExport,
    help: 'One row per order line, with the order, its PO number and invoice number.',
  },
  invoices: {
    label: 'Invoices',
    href: api.invoicesExport,
    help: 'One row per invoice issued in the range, by number: paid, open or overdue, with its due day.',
  },
} as const;
type ExportKind = keyof typeof exports;

/**
 * Manage Orders' CSV exports (streamed): the orders placed or the invoices issued in a date range,
 * and every customer account.
 */
export function OrdersExportForm() {
  const [kind, setKind] = useState<ExportKind>('orders');
  const kindId = useId();
  const now = new Date();
  const [from, setFrom] = useState(
    dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
  );
  const [to, setTo] = useState(dayOf(now));
  const fromId = useId();
  const toId = useId();
  const problem =
    !from || !to ? 'Pick both dates' : from > to ? 'The first date is after the last' : null;
  return (
    <details className="mb-6 rounded-box border border-base-300 bg-base-100 p-4">
      <summary className="cursor-pointer font-medium">Export as CSV</summary>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={kindId} className="text-sm font-medium">
            What
          </label>
          <select
            id={kindId}
            className="select"
            value={kind}
            onChange={(e) => setKind(e.target.value as ExportKind)}
          >
            {Object.entries(exports).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fromId} className="text-sm font-medium">
            From
          </label>
          <input
            id={fromId}
            type="date"
            className="input"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={toId} className="text-sm font-medium">
            To (included)
          </label>
          <input
            id={toId}
            type="date"
            className={`input ${problem ? 'input-error' : ''}`}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={problem ? true : undefined}
          />
        </div>
        {problem ? (
          <button type="button" className="btn btn-outline" disabled>
            Download CSV
          </button>
        ) : (
          <a className="btn btn-outline" href={exports[kind].href(from, to)} download>
            Download CSV
          </a>
        )}
      </div>
      {problem && <p className="mt-1 text-sm text-error">{problem}</p>}
      <p className="mt-2 text-sm text-base-content/70">{exports[kind].help} Dates are UTC.</p>
      <p className="mt-3 text-sm">
        <a className="link" href={api.customersExport} download>
          Download every customer account (CSV)
        </a>{' '}
        <span className="text-base-content/70">: contact, company and number of orders.</span>
      </p>
    </details>
  );
}
