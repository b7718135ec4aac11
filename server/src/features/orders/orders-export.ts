import type { Readable } from 'node:stream';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import { ORDERS_CSV_COLUMNS, type OrdersExportQuery } from '@proper-parts/domain/orders';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { csvDollars, csvStream } from '../../http/csv-download.ts';

/** Orders read per query, with their lines: a million orders never sit in memory at once. */
const EXPORT_BATCH = 500;

type ExportRow = {
  id: string;
  created_at: string | Date;
  created_micros: string;
  status: string;
  paid: boolean;
  invoice_year: number | null;
  invoice_number: number | null;
  po_number: string | null;
  user_name: string;
  email: string;
  address: string;
  phone: string;
  note: string | null;
  total_cents: number | string;
  subtotal_cents: number | string | null;
  deposit_cents: number | string;
  freight_cents: number | string;
  tax_cents: number | string;
  taxes: { name: string; rate: string; amountCents: number }[] | string;
  tax_note: string | null;
  shipping_method_name: string | null;
  transaction_id: string | null;
  lines:
    | {
        lineNo: number;
        sku: string;
        name: string;
        quantity: number;
        unitPriceCents: number;
        lineTotalCents: number;
        taxCents: number;
        depositCents: number;
        depositTaxCents: number;
        customerPartNumber: string | null;
      }[]
    | string;
};

/** Each rate applied, as an accountant reads it: "Texas sales tax 6.25%: 9.11". */
function taxesText(taxes: ExportRow['taxes']): string {
  const list = typeof taxes === 'string' ? JSON.parse(taxes) : (taxes ?? []);
  return (list as { name: string; rate: string; amountCents: number }[])
    .map((tax) => `${tax.name} ${tax.rate}%: ${csvDollars(tax.amountCents)}`)
    .join('; ');
}

async function* exportRows(db: Database, range: OrdersExportQuery) {
  const from = `${range.from}T00:00:00Z`;
  // `to` is a whole day: up to the start of the next.
  const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString();
  let after: { micros: string; id: string } | null = null;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`and (o.created_at, o.id) > (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
      : sql``;
    const rows = (
      await db.execute<ExportRow>(sql`
        select o.id, o.created_at,
          (extract(epoch from o.created_at) * 1000000)::bigint::text as created_micros,
          o.status, o.paid, i.year as invoice_year, i.number_in_year as invoice_number,
          o.po_number, o.user_name, o.email, o.address, o.phone, o.note, o.total_cents,
          o.subtotal_cents, o.deposit_cents, o.freight_cents, o.tax_cents, o.taxes, o.tax_note,
          o.shipping_method_name, o.transaction_id,
          (select json_agg(json_build_object('lineNo', l.line_no, 'sku', l.sku, 'name', l.name,
              'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents,
              'lineTotalCents', l.line_total_cents, 'taxCents', l.tax_cents,
              'depositCents', l.core_deposit_cents::bigint * l.quantity,
              'depositTaxCents', l.core_deposit_tax_cents,
              'customerPartNumber', l.customer_part_number) order by l.line_no)
            from order_lines l where l.order_id = o.id) as lines
        from orders o left join invoices i on i.order_id = o.id
        where o.created_at >= ${from}::timestamptz and o.created_at < ${until}::timestamptz ${cursor}
        order by o.created_at, o.id
        limit ${EXPORT_BATCH}`)
    ).rows;
    for (const row of rows) {
      const lines = typeof row.lines === 'string' ? JSON.parse(row.lines) : (row.lines ?? []);
      const invoice =
        row.invoice_year === null || row.invoice_number === null
          ? ''
          : invoiceNumberOf(row.invoice_year, row.invoice_number);
      for (const line of lines as Exclude<ExportRow['lines'], string>)
        yield [
          row.id,
          new Date(row.created_at).toISOString(),
          row.status,
          row.paid ? 'yes' : 'no',
          invoice,
          row.po_number,
          row.user_name,
          row.email,
          row.address,
          row.phone,
          row.note,
          line.lineNo,
          line.sku,
          line.customerPartNumber ?? '',
          line.name,
          line.quantity,
          csvDollars(line.unitPriceCents),
          csvDollars(line.lineTotalCents),
          csvDollars(line.taxCents ?? 0),
          csvDollars(line.depositCents),
          csvDollars(line.depositTaxCents),
          csvDollars(row.subtotal_cents ?? row.total_cents),
          csvDollars(row.deposit_cents),
          csvDollars(row.freight_cents),
          csvDollars(row.tax_cents),
          csvDollars(row.total_cents),
          taxesText(row.taxes),
          row.tax_note ?? '',
          row.shipping_method_name ?? '',
          row.transaction_id ?? '',
        ];
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { micros: last.created_micros, id: last.id };
  }
}

/**
 * The orders placed in a date range as CSV (`GET /manageOrder/export.csv`), one row per line,
 * oldest first. Streamed: a batch of orders is read, written, then the next (keyset).
 */
export function exportOrdersCsv(db: Database, range: OrdersExportQuery): Readable {
  return csvStream(ORDERS_CSV_COLUMNS, exportRows(db, range));
}
