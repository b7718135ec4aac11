import { z } from 'zod';
import { addressView } from './addresses.ts';
import { ORDER_STATUSES } from './constants.ts';
import { isoDay } from './days.ts';
import { paginationQuery } from './envelope.ts';
import { formatCount } from './format.ts';
import { orderLine } from './order-line.ts';
import { taxLine } from './tax.ts';

/** `card`: paid by card before it ships; `account`: invoiced at net terms (issue 19). */
export const PAYMENT_TERMS = ['card', 'account'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/** Largest quantity one order may ask for; keeps `unit price × quantity` far from overflow. */
export const MAX_ORDER_QUANTITY = 1_000_000;

export const orderMessages = {
  quantityRequired: 'Quantity is Required',
  quantityWhole: 'Quantity must be a whole number',
  quantityRange: (min: number, available: number) =>
    `Order Quantity minimum ${formatCount(min)} and less than ${formatCount(available)}`,
  outOfStock: (name: string, available: number) =>
    `Sorry, ${name} has only ${formatCount(available)} pcs left now, below its minimum order. Please try again later.`,
  stockTaken: (available: number) =>
    `Another buyer took part of this stock: only ${formatCount(available)} pcs are left now.`,
  productNotFound: 'Product not found',
  orderNotFound: 'Order not found',
  placed: (id: string) => `Thanks For Purchase. Your Purchase Id ${id}`,
  cancelled: (name: string) => `${name} - order is deleted.`,
  deleted: (name: string) => `${name} - Order is deleted.`,
  shipped: 'Order Shipped',
  alreadyPaid: 'Already Paid',
  paidNotDeletable: 'Already Paid: paid orders cannot be cancelled or deleted.',
  alreadyCancelled: 'This order was already cancelled.',
  notPaidYet: 'This order is not paid yet, so it cannot ship.',
  alreadyShipped: 'This order has already shipped.',
} as const;

const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`);

/** The quantity as a whole number, from the API body or from the form's number input (NaN = empty). */
export const quantityField = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || Number.isNaN(issue.input)
        ? orderMessages.quantityRequired
        : orderMessages.quantityWhole,
  })
  .int(orderMessages.quantityWhole)
  .min(1, 'Quantity must be at least 1')
  .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`);

/** The buyer's part of an order (spec §5): address and phone are optional. */
export const orderFormFields = z.object({
  quantity: quantityField,
  address: optionalText(300).optional(),
  phone: optionalText(30)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone may contain digits, spaces and + ( ) - . only')
    .optional(),
});

/**
 * `POST /purchase`. Name and email come from the session, price, name and image from the
 * product: the spec's other fields (purchaseName, price, img, userName, email) are ignored.
 */
export const createOrderRequest = orderFormFields.extend({
  toolId: z.uuid({ message: 'Unknown product id' }),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

/** Is the quantity allowed for this product (spec §5: equal to available is allowed)? */
export function quantityProblem(
  quantity: number,
  product: { minimumOrderQuantity: number; availableQuantity: number },
): string | undefined {
  if (quantity < product.minimumOrderQuantity || quantity > product.availableQuantity)
    return orderMessages.quantityRange(product.minimumOrderQuantity, product.availableQuantity);
  return undefined;
}

/** An order as the API shows it (spec §3 Order, plus unitPrice and toolId; dollars on the wire). */
export const order = z.object({
  _id: z.string(),
  toolId: z.string(),
  purchaseName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** The order total: unit price × quantity. */
  price: z.number(),
  img: z.string(),
  userName: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 18: what the order holds. An order placed by `/purchase` has one line. */
  lines: z.array(orderLine),
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  /** `2026-000042`, once the order is paid (or placed on account). */
  invoiceNumber: z.string().nullable(),
  /** Issue 19: the buyer's company, how it is paid, and its approval. */
  companyId: z.string().nullable(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** While awaiting approval: when the reserved stock goes back unless approved. */
  approvalExpiresAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** An invoice on account is due on this day (YYYY-MM-DD, UTC). */
  dueOn: z.string().nullable(),
  quoteId: z.string().nullable(),
  /** Issue 34: the shop's ERP's number for the order, once exported (admins see it). */
  erpOrderNumber: z.string().nullable().optional(),
  /**
   * Issue 33: what the order adds up to, in dollars: `total = subtotal + freight + tax` (and
   * `price = total`). Orders placed before it: subtotal = total, no freight or tax.
   */
  subtotal: z.number(),
  /** Issue 37: the core deposits of the lines, before tax: `total = subtotal + deposits + freight + tax`. */
  deposits: z.number().default(0),
  freight: z.number(),
  taxes: z.array(taxLine),
  tax: z.number(),
  total: z.number(),
  /** "Reverse charge: ...", "Tax exempt: ...": what the invoice says about the tax. */
  taxNote: z.string().nullable(),
  /** The structured ship-to address; null on orders placed before it (see `address`). */
  shipTo: addressView.nullable(),
  shippingMethod: z.string().nullable(),
  shippingMethodName: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const orderIdParams = z.object({ id: z.uuid({ message: 'Unknown order id' }) });

export const insertedIdResponse = z.object({ insertedId: z.string() });
export const deletedCountResponse = z.object({ deletedCount: z.number().int() });
export const acknowledgedResponse = z.object({ acknowledged: z.boolean() });

/** `GET /manageOrder`: every order, newest first; cancelled ones only when asked for. */
export const manageOrdersQuery = paginationQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
});
export type ManageOrdersQuery = z.infer<typeof manageOrdersQuery>;

/** `GET /manageOrder/export.csv`: the orders placed from `from` to `to`, both days included (UTC). */
export const ordersExportQuery = z
  .object({ from: isoDay, to: isoDay })
  .strict()
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['to'] });
export type OrdersExportQuery = z.infer<typeof ordersExportQuery>;

/** The columns of the orders export: one row per order line, the order's fields repeated. */
export const ORDERS_CSV_COLUMNS = [
  'orderId',
  'placedAt',
  'status',
  'paid',
  'invoiceNumber',
  'poNumber',
  'customer',
  'email',
  'address',
  'phone',
  'note',
  'lineNo',
  'sku',
  /** Issue 35: the buyer's company's own number for the part, as the line kept it. */
  'customerPartNumber',
  'name',
  'quantity',
  'unitPrice',
  'lineTotal',
  /** Issue 33: the line's tax; the order's subtotal, freight, tax, each rate and the tax note. */
  'lineTax',
  /** Issue 37: the line's core deposits (per piece × quantity) and their tax; the order's. */
  'lineDeposit',
  'lineDepositTax',
  'orderSubtotal',
  'orderDeposits',
  'orderFreight',
  'orderTax',
  'orderTotal',
  'taxes',
  'taxNote',
  'shippingMethod',
  'transactionId',
] as const;
