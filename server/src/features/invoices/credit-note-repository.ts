import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import { creditNoteNumberOf, rmaNumberOf } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { CreditNoteLine } from '../../db/schema.ts';
import type { CreditNoteDocument } from './credit-note-pdf.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { formatCents } from './invoice-text.ts';

interface CreditNoteRow {
  year: number;
  numberInYear: number;
  issuedAt: string | Date;
  lines: CreditNoteLine[] | string;
  subtotalCents: number | string;
  taxCents: number | string;
  freightCents: number | string;
  feeCents: number | string;
  totalCents: number | string;
  appliedCents: number | string;
  paidBackCents: number | string;
  paidBackAt: string | Date | null;
  paidBackReference: string | null;
  orderId: string;
  userId: string;
  userName: string;
  email: string;
  address: string;
  phone: string;
  poNumber: string | null;
  companyId: string | null;
  companyName: string | null;
  companyTaxId: string | null;
  companyBillingAddress: string | null;
  invoiceYear: number | null;
  invoiceNumber: number | null;
  rmaYear: number | null;
  rmaNumber: number | null;
}

/**
 * A credit note (issue 37) as its PDF draws it, with the order's buyer and company (who may read
 * it, as they may the invoice); undefined when there is none.
 */
export async function loadCreditNote(
  db: Queryable,
  id: string,
  seller: InvoiceDocument['seller'],
): Promise<
  { userId: string; companyId: string | null; creditNote: CreditNoteDocument } | undefined
> {
  const [row] = await rowsOf<CreditNoteRow>(
    db,
    sql`select n.year, n.number_in_year as "numberInYear", n.issued_at as "issuedAt", n.lines,
        n.subtotal_cents as "subtotalCents", n.tax_cents as "taxCents",
        n.freight_cents as "freightCents", n.fee_cents as "feeCents",
        n.total_cents as "totalCents", n.applied_cents as "appliedCents",
        n.paid_back_cents as "paidBackCents", n.paid_back_at as "paidBackAt",
        n.paid_back_reference as "paidBackReference",
        o.id as "orderId", o.user_id as "userId", o.user_name as "userName", o.email, o.address,
        o.phone, o.po_number as "poNumber", o.company_id as "companyId",
        c.name as "companyName", c.tax_id as "companyTaxId",
        c.billing_address as "companyBillingAddress",
        i.year as "invoiceYear", i.number_in_year as "invoiceNumber",
        r.rma_year as "rmaYear", r.rma_number as "rmaNumber"
      from credit_notes n join orders o on o.id = n.order_id
        join returns r on r.id = n.return_id
        left join invoices i on i.order_id = n.order_id
        left join companies c on c.id = o.company_id
      where n.id = ${id}`,
  );
  if (!row) return undefined;
  const lines = (
    typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines
  ) as CreditNoteLine[];
  const invoiceNumber =
    row.invoiceYear !== null && row.invoiceNumber !== null
      ? invoiceNumberOf(row.invoiceYear, row.invoiceNumber)
      : null;
  const rma =
    row.rmaYear !== null && row.rmaNumber !== null ? rmaNumberOf(row.rmaYear, row.rmaNumber) : null;
  const issuedAt = new Date(row.issuedAt);
  return {
    userId: row.userId,
    companyId: row.companyId,
    creditNote: {
      title: 'Credit note',
      number: creditNoteNumberOf(row.year, row.numberInYear),
      references: [
        ...(invoiceNumber ? [`Invoice: ${invoiceNumber}`] : []),
        ...(rma ? [`Return: ${rma}`] : []),
      ],
      issuedAt,
      seller,
      buyer: {
        name: row.userName,
        email: row.email,
        address: row.address,
        phone: row.phone,
        company:
          row.companyName === null
            ? null
            : {
                name: row.companyName,
                taxId: row.companyTaxId ?? '',
                billingAddress: row.companyBillingAddress ?? '',
              },
      },
      orderId: row.orderId,
      poNumber: row.poNumber,
      note: null,
      // Each line's tax beside its name: what that line of the invoice charged for these pieces.
      lines: lines.map((line) => ({
        sku: line.sku,
        name: `${line.name} (tax ${formatCents(line.taxCents)})`,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        lineTotalCents: line.lineTotalCents,
      })),
      totalCents: Number(row.totalCents),
      transactionId: null,
      paidAt: issuedAt,
      subtotalCents: Number(row.subtotalCents),
      taxCents: Number(row.taxCents),
      freightCents: Number(row.freightCents),
      feeCents: Number(row.feeCents),
      appliedCents: Number(row.appliedCents),
      paidBack:
        row.paidBackAt === null
          ? null
          : {
              cents: Number(row.paidBackCents),
              at: new Date(row.paidBackAt),
              reference: row.paidBackReference ?? '',
            },
      invoiceNumber,
    },
  };
}
