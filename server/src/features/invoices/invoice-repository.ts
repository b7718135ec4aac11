import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { InvoiceAmounts, InvoiceDocument } from './invoice-document.ts';

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
  subtotalCents: number | string | null;
  depositCents: number | string;
  freightCents: number | string;
  freightName: string | null;
  taxes: { name: string; rate: string; amountCents: number }[] | string;
  taxNote: string | null;
  transactionId: string | null;
  companyId: string | null;
  companyName: string | null;
  companyTaxId: string | null;
  companyBillingAddress: string | null;
  paymentTerms: string;
  dueOn: string | Date | null;
  termsDays: number | null;
  paidCents: number | string;
  settledAt: string | Date | null;
}

interface InvoiceLineRow {
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number | string;
  customerPartNumber: string | null;
  listPriceCents: number | null;
}

/** Issue 37: how an invoice names a deposit line (coreDepositMessages.lineName). */
const CORE_DEPOSIT_PREFIX = 'Core deposit: ';

/** Issue 33: an order placed with a structured address has its amounts; older ones none. */
function amountsOf(head: InvoiceRow): InvoiceAmounts | null {
  if (head.subtotalCents === null) return null;
  const taxes = typeof head.taxes === 'string' ? JSON.parse(head.taxes) : head.taxes;
  return {
    // Issue 37: the deposit lines are lines of the invoice: its subtotal counts them.
    subtotalCents: Number(head.subtotalCents) + Number(head.depositCents),
    freightCents: Number(head.freightCents),
    freightName: head.freightName,
    taxes: (taxes as { name: string; rate: string; amountCents: number }[]).map((t) => ({
      name: t.name,
      rate: Number(t.rate),
      amountCents: Number(t.amountCents),
    })),
    taxNote: head.taxNote,
  };
}

/** `date` columns arrive as text (node-postgres) or as a Date at UTC midnight (PGlite). */
const dayOf = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/**
 * An order's invoice, with its owner's id and company (who may download it); undefined before it
 * is invoiced (a card order before payment).
 */
export async function loadInvoice(
  db: Queryable,
  orderId: string,
  seller: InvoiceDocument['seller'],
): Promise<{ userId: string; companyId: string | null; invoice: InvoiceDocument } | undefined> {
  const [head] = await rowsOf<InvoiceRow>(
    db,
    sql`select o.id as "orderId", i.year, i.number_in_year as "numberInYear",
          i.issued_at as "issuedAt", o.user_id as "userId", o.user_name as "userName", o.email,
          o.address, o.phone, o.po_number as "poNumber", o.note, o.total_cents as "totalCents",
          o.subtotal_cents as "subtotalCents", o.deposit_cents as "depositCents",
          o.freight_cents as "freightCents",
          o.shipping_method_name as "freightName", o.taxes, o.tax_note as "taxNote",
          o.transaction_id as "transactionId", o.company_id as "companyId",
          o.payment_terms as "paymentTerms", i.due_on as "dueOn",
          i.due_on - (i.issued_at at time zone 'UTC')::date as "termsDays",
          i.paid_cents as "paidCents", i.settled_at as "settledAt",
          c.name as "companyName", c.tax_id as "companyTaxId",
          c.billing_address as "companyBillingAddress"
        from invoices i join orders o on o.id = i.order_id
        left join companies c on c.id = o.company_id
        where i.order_id = ${orderId}`,
  );
  if (!head) return undefined;
  const lines = await rowsOf<InvoiceLineRow>(
    db,
    // Issue 37: a line's core deposit follows it as a line of its own.
    sql`select sku, name, quantity, "unitPriceCents", "lineTotalCents", "customerPartNumber",
          "listPriceCents"
        from (
          select line_no, 0 as part, sku, name, quantity, unit_price_cents as "unitPriceCents",
            line_total_cents as "lineTotalCents", customer_part_number as "customerPartNumber",
            list_price_cents as "listPriceCents"
          from order_lines where order_id = ${orderId}
          union all
          select line_no, 1, sku, ${CORE_DEPOSIT_PREFIX} || name, quantity, core_deposit_cents,
            core_deposit_cents::bigint * quantity, null, null
          from order_lines where order_id = ${orderId} and core_deposit_cents > 0
        ) l order by line_no, part`,
  );
  const issuedAt = new Date(head.issuedAt);
  const onAccount = head.paymentTerms === 'account' && head.dueOn !== null;
  return {
    userId: head.userId,
    companyId: head.companyId,
    invoice: {
      number: invoiceNumberOf(head.year, head.numberInYear),
      issuedAt,
      seller,
      buyer: {
        name: head.userName,
        email: head.email,
        address: head.address,
        phone: head.phone,
        // The company as it is now: invoices keep no copy of it (that would take a migration).
        company:
          head.companyName === null
            ? null
            : {
                name: head.companyName,
                taxId: head.companyTaxId ?? '',
                billingAddress: head.companyBillingAddress ?? '',
              },
      },
      orderId: head.orderId,
      poNumber: head.poNumber,
      note: head.note,
      lines: lines.map((line) => ({
        ...line,
        lineTotalCents: Number(line.lineTotalCents),
        listPriceCents: line.listPriceCents === null ? null : Number(line.listPriceCents),
      })),
      totalCents: Number(head.totalCents),
      amounts: amountsOf(head),
      transactionId: head.transactionId,
      paidAt: issuedAt,
      account:
        onAccount && head.dueOn !== null
          ? {
              termsDays: Number(head.termsDays),
              dueOn: dayOf(head.dueOn),
              paidCents: Number(head.paidCents),
              settledAt: head.settledAt === null ? null : new Date(head.settledAt),
            }
          : null,
    },
  };
}
