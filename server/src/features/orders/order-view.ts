import type { CoreDepositLine } from '@proper-parts/domain/core-deposits';
import type { OrderLine } from '@proper-parts/domain/order-line';
import { invoiceNumberOf } from '@proper-parts/domain/order-line';
import type { Order } from '@proper-parts/domain/orders';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import type { orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The API shows the spec's field names and dollars; the database keeps cents. */
export function toOrder(
  row: OrderRow,
  lines: OrderLine[] = [],
  invoice: InvoiceFacts | null = null,
): Order {
  return {
    _id: row.id,
    toolId: row.toolId,
    purchaseName: row.purchaseName,
    quantity: row.quantity,
    unitPrice: row.unitPriceCents / 100,
    // Raw statements answer bigint columns as text (node-postgres) or bigint (PGlite).
    price: Number(row.totalCents) / 100,
    img: row.img,
    userName: row.userName,
    email: row.email,
    address: row.address,
    phone: row.phone,
    status: row.status,
    paid: row.paid,
    transactionId: row.transactionId,
    createdAt: new Date(row.createdAt).toISOString(),
    lines,
    poNumber: row.poNumber ?? null,
    note: row.note ?? null,
    invoiceNumber: invoice?.number ?? null,
    companyId: row.companyId ?? null,
    paymentTerms: row.paymentTerms ?? 'card',
    approvalExpiresAt: row.approvalExpiresAt ? new Date(row.approvalExpiresAt).toISOString() : null,
    rejectionReason: row.rejectionReason ?? null,
    dueOn: invoice?.dueOn ? dayOf(invoice.dueOn) : null,
    quoteId: row.quoteId ?? null,
    // Issue 34: the shop's ERP's number, once an ERP has taken the order (the admin's list shows it).
    ...(row.erpOrderNumber ? { erpOrderNumber: row.erpOrderNumber } : {}),
    ...moneyOf(row),
    taxNote: row.taxNote ?? null,
    shipTo: parsedJson(row.shipTo) ?? null,
    shippingMethod: row.shippingMethod ?? null,
    shippingMethodName: row.shippingMethodName ?? null,
  };
}

/** Raw statements answer a jsonb column as text on some drivers, parsed on others. */
const parsedJson = <T>(value: T | string | null | undefined): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null);

/**
 * Issue 33: subtotal, freight, tax per rate and total, in dollars. An order placed before issue
 * 33 has no subtotal of its own (null): it is its total, with no freight or tax.
 */
function moneyOf(row: OrderRow) {
  const total = Number(row.totalCents);
  const taxes = parsedJson(row.taxes) ?? [];
  return {
    subtotal:
      (row.subtotalCents === null || row.subtotalCents === undefined
        ? total
        : Number(row.subtotalCents)) / 100,
    deposits: Number(row.depositCents ?? 0) / 100,
    freight: Number(row.freightCents ?? 0) / 100,
    taxes: taxes.map((t) => ({
      name: t.name,
      rate: Number(t.rate),
      amount: Number(t.amountCents) / 100,
    })),
    tax: Number(row.taxCents ?? 0) / 100,
    total: total / 100,
  };
}

/** What an order's invoice adds to it: its number, and the due day of one on account. */
export interface InvoiceFacts {
  number: string;
  dueOn: string | Date | null;
}

/** `date` columns arrive as text (node-postgres) or as a Date at UTC midnight (PGlite). */
const dayOf = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

interface LineRow {
  orderId: string;
  lineNo: number;
  productId: string;
  sku: string;
  name: string;
  img: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number | string;
  backordered: number;
  expectedOn: string | null;
  shipped: number;
  taxCents: number | string;
  customerPartNumber: string | null;
  listPriceCents: number | null;
  picks: OrderLine['picks'] | null;
  depositCents: number;
  depositTaxCents: number | string;
  coreReturnDays: number | null;
  returnBy: string | null;
  returnedInTime: number | null;
  returnedLate: number | null;
  invoiceYear: number | null;
  invoiceNumber: number | null;
  dueOn: string | Date | null;
}

/**
 * Orders as the API shows them, with their lines and invoice numbers: one read for a whole page
 * (a page of 100 orders is one statement, not 100).
 */
export async function ordersWithLines(db: Queryable, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await rowsOf<LineRow>(
    db,
    sql`select l.order_id as "orderId", l.line_no as "lineNo", l.product_id as "productId", l.sku,
        l.name, l.img, l.quantity, l.unit_price_cents as "unitPriceCents",
        l.line_total_cents as "lineTotalCents", l.backordered, l.shipped, l.tax_cents as "taxCents",
        l.expected_on::text as "expectedOn",
        l.customer_part_number as "customerPartNumber", l.list_price_cents as "listPriceCents",
        i.year as "invoiceYear",
        i.number_in_year as "invoiceNumber", i.due_on as "dueOn",
        case when exists (select 1 from warehouses offset 1) then (
          select json_agg(json_build_object('warehouseId', a.warehouse_id,
              'warehouse', w.public_name, 'quantity', a.quantity, 'shipped', a.shipped)
            order by a.warehouse_id)
          from order_line_allocations a join warehouses w on w.id = a.warehouse_id
          where a.order_id = l.order_id and a.line_no = l.line_no) end as picks,
        l.core_deposit_cents as "depositCents", l.core_deposit_tax_cents as "depositTaxCents",
        l.core_return_days as "coreReturnDays", d.return_by as "returnBy",
        d.in_time as "returnedInTime", d.late as "returnedLate"
      from order_lines l left join invoices i on i.order_id = l.order_id
        left join lateral (
          select case when l.core_deposit_cents > 0 then to_char((
              select max(s.created_at) from shipments s join shipment_lines sl
                on sl.shipment_id = s.id
              where s.order_id = l.order_id and sl.product_id = l.product_id)
            at time zone 'UTC' + make_interval(days => l.core_return_days), 'YYYY-MM-DD') end
              as return_by,
            (select coalesce(sum(rl.quantity) filter (where not rl.core_late), 0)::int
              from return_lines rl join returns r on r.id = rl.return_id
              where r.order_id = l.order_id and rl.product_id = l.product_id
                and rl.reason = 'core_return' and r.state <> 'refused') as in_time,
            (select coalesce(sum(rl.quantity) filter (where rl.core_late), 0)::int
              from return_lines rl join returns r on r.id = rl.return_id
              where r.order_id = l.order_id and rl.product_id = l.product_id
                and rl.reason = 'core_return' and r.state <> 'refused') as late
          where l.core_deposit_cents > 0
        ) d on true
      where l.order_id = any(${sql.param(ids)}::uuid[])
      order by l.order_id, l.line_no`,
  );
  const byOrder = new Map<string, { lines: OrderLine[]; invoice: InvoiceFacts | null }>();
  for (const line of lines) {
    let entry = byOrder.get(line.orderId);
    if (!entry) {
      const { invoiceYear, invoiceNumber, dueOn } = line;
      entry = {
        lines: [],
        invoice:
          invoiceYear === null || invoiceNumber === null
            ? null
            : { number: invoiceNumberOf(invoiceYear, invoiceNumber), dueOn },
      };
      byOrder.set(line.orderId, entry);
    }
    entry.lines.push({
      lineNo: line.lineNo,
      productId: line.productId,
      sku: line.sku,
      name: line.name,
      img: line.img,
      quantity: line.quantity,
      unitPrice: line.unitPriceCents / 100,
      lineTotal: Number(line.lineTotalCents) / 100,
      ...(line.backordered > 0 ? { backordered: line.backordered } : {}),
      ...(line.expectedOn ? { expectedOn: line.expectedOn } : {}),
      ...(line.shipped > 0 ? { shipped: line.shipped } : {}),
      tax: Number(line.taxCents) / 100,
      customerPartNumber: line.customerPartNumber ?? null,
      ...(line.listPriceCents !== null && line.listPriceCents !== undefined
        ? { listPrice: Number(line.listPriceCents) / 100 }
        : {}),
      ...(line.picks ? { picks: line.picks } : {}),
      ...(line.depositCents > 0 ? { coreDeposit: depositOf(line) } : {}),
    });
  }
  return rows.map((row) => {
    const entry = byOrder.get(row.id);
    return toOrder(row, entry?.lines ?? [], entry?.invoice ?? null);
  });
}

/** Issue 37: the deposit line of an order line with a core deposit, in dollars. */
const depositOf = (line: LineRow): CoreDepositLine => ({
  unitDeposit: line.depositCents / 100,
  total: (line.depositCents * line.quantity) / 100,
  tax: Number(line.depositTaxCents) / 100,
  returnDays: line.coreReturnDays ?? 0,
  returnBy: line.returnBy ?? null,
  returnedInTime: Number(line.returnedInTime ?? 0),
  returnedLate: Number(line.returnedLate ?? 0),
});

/** One order as the API shows it. */
export async function orderWithLines(db: Queryable, row: OrderRow): Promise<Order> {
  const [one] = await ordersWithLines(db, [row]);
  return one as Order;
}

/** `RETURNING` list of raw statements, named as Drizzle names the columns, so `toOrder` reads it. */
export const orderColumnList = `id, tool_id as "toolId", user_id as "userId",
  purchase_name as "purchaseName", img, unit_price_cents as "unitPriceCents", quantity,
  total_cents as "totalCents", user_name as "userName", email, address, phone, status, paid,
  transaction_id as "transactionId", po_number as "poNumber", note, line_count as "lineCount",
  company_id as "companyId", payment_terms as "paymentTerms",
  approval_expires_at as "approvalExpiresAt", decided_by as "decidedBy",
  decided_at as "decidedAt", rejection_reason as "rejectionReason", quote_id as "quoteId",
  erp_order_number as "erpOrderNumber", ship_to as "shipTo",
  shipping_method as "shippingMethod", shipping_method_name as "shippingMethodName",
  subtotal_cents as "subtotalCents", freight_cents as "freightCents", tax_cents as "taxCents",
  taxes, tax_note as "taxNote", deposit_cents as "depositCents", exported_at as "exportedAt", changed_xid as "changedXid",
  created_at as "createdAt", updated_at as "updatedAt"`;
export const orderColumns = sql.raw(orderColumnList);
