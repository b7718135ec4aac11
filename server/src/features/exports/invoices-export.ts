import type { Readable } from 'node:stream';
import { INVOICES_CSV_COLUMNS } from '@proper-parts/domain/exports';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import type { OrdersExportQuery } from '@proper-parts/domain/orders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { csvDollars, csvStream } from '../../http/csv-download.ts';

const BATCH = 1000;

type InvoiceRow = {
  year: number;
  number_in_year: number;
  issued_at: string | Date;
  order_id: string;
  status: string;
  company: string | null;
  user_name: string;
  email: string;
  po_number: string | null;
  total_cents: number | string;
  paid_cents: number | string;
  due_on: string | null;
  settled_at: string | Date | null;
  state: 'paid' | 'open' | 'overdue';
};

/**
 * Invoices issued in a range of days, by number (keyset on the unique (year, number) index:
 * numbers follow issue order). A card invoice is paid when issued; one on account when its
 * payments reach its total; past its due day unpaid, it is overdue.
 */
async function* invoiceRows(db: Database, range: OrdersExportQuery) {
  const from = `${range.from}T00:00:00Z`;
  const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString();
  let after = { year: Number(range.from.slice(0, 4)), number: 0 };
  const lastYear = Number(range.to.slice(0, 4));
  for (;;) {
    const rows = (
      await db.execute<InvoiceRow>(sql`
        select i.year, i.number_in_year, i.issued_at, i.order_id, o.status, c.name as company,
          o.user_name, o.email, o.po_number, o.total_cents,
          case when i.due_on is null then o.total_cents else i.paid_cents end as paid_cents,
          i.due_on, i.settled_at,
          case when i.due_on is null or i.settled_at is not null then 'paid'
            when i.due_on < current_date then 'overdue' else 'open' end as state
        from invoices i
          join orders o on o.id = i.order_id
          left join companies c on c.id = o.company_id
        where (i.year, i.number_in_year) > (${after.year}::int, ${after.number}::int)
          and i.year <= ${lastYear}::int
          and i.issued_at >= ${from}::timestamptz and i.issued_at < ${until}::timestamptz
        order by i.year, i.number_in_year
        limit ${BATCH}`)
    ).rows;
    for (const row of rows)
      yield [
        invoiceNumberOf(row.year, row.number_in_year),
        new Date(row.issued_at).toISOString(),
        row.order_id,
        row.status,
        row.company,
        row.user_name,
        row.email,
        row.po_number,
        csvDollars(row.total_cents),
        csvDollars(row.paid_cents),
        row.due_on ?? '',
        row.settled_at ? new Date(row.settled_at).toISOString() : '',
        row.state,
      ];
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { year: last.year, number: last.number_in_year };
  }
}

export function exportInvoicesCsv(db: Database, range: OrdersExportQuery): Readable {
  return csvStream(INVOICES_CSV_COLUMNS, invoiceRows(db, range));
}
