import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../orders/orders-repository.ts';
import type { InvoiceDocument } from './invoice-pdf.ts';

interface InvoiceRow {
  orderId: string;
  year: number;
  numberInYear: number;
  issuedAt: string | Date;
  userId: string;
  userName: string;
  email: string;
  address: string;
  phone: string;
  poNumber: string | null;
  note: string | null;
  totalCents: number | string;
  transactionId: string | null;
}

interface InvoiceLineRow {
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number | string;
}

/** A paid order's invoice, with its owner's id (who may download it); undefined before payment. */
export async function loadInvoice(
  db: Queryable,
  orderId: string,
  seller: InvoiceDocument['seller'],
): Promise<{ userId: string; invoice: InvoiceDocument } | undefined> {
  const [head] = await rowsOf<InvoiceRow>(
    db,
    sql`select o.id as "orderId", i.year, i.number_in_year as "numberInYear",
          i.issued_at as "issuedAt", o.user_id as "userId", o.user_name as "userName", o.email,
          o.address, o.phone, o.po_number as "poNumber", o.note, o.total_cents as "totalCents",
          o.transaction_id as "transactionId"
        from invoices i join orders o on o.id = i.order_id
        where i.order_id = ${orderId}`,
  );
  if (!head) return undefined;
  const lines = await rowsOf<InvoiceLineRow>(
    db,
    sql`select sku, name, quantity, unit_price_cents as "unitPriceCents",
          line_total_cents as "lineTotalCents"
        from order_lines where order_id = ${orderId} order by line_no`,
  );
  const issuedAt = new Date(head.issuedAt);
  return {
    userId: head.userId,
    invoice: {
      number: invoiceNumberOf(head.year, head.numberInYear),
      issuedAt,
      seller,
      buyer: { name: head.userName, email: head.email, address: head.address, phone: head.phone },
      orderId: head.orderId,
      poNumber: head.poNumber,
      note: head.note,
      lines: lines.map((line) => ({ ...line, lineTotalCents: Number(line.lineTotalCents) })),
      totalCents: Number(head.totalCents),
      transactionId: head.transactionId,
      paidAt: issuedAt,
    },
  };
}
