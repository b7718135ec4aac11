import { z } from 'zod';
import { importRejection } from './csv-import.ts';
import { isoDay } from './days.ts';
import { warehouseRef } from './warehouses.ts';

export * from './backorder-rules.ts';

/** Issue 36: backorders: a product's terms, and the purchase orders of incoming stock. */

export const MAX_LEAD_TIME_DAYS = 3650;

/** `GET /catalog/products/{slug}`'s `backorder`: open pieces of purchase orders, earliest first. */
export const productBackorder = z.object({
  allowed: z.boolean(),
  leadTimeDays: z.number().int().nullable(),
  incoming: z.array(z.object({ quantity: z.number().int(), expectedOn: z.string() })),
});
export type ProductBackorder = z.infer<typeof productBackorder>;

export const leadTimeDaysField = z
  .number({ error: 'Lead time must be a number of days' })
  .int('Lead time must be a whole number of days')
  .min(0, 'Lead time must be at least 0 days')
  .max(MAX_LEAD_TIME_DAYS, `Lead time must be at most ${MAX_LEAD_TIME_DAYS} days`)
  .nullable();

/** `PUT /admin/products/{productId}/backorder`. */
export const backorderSettingsRequest = z.strictObject({
  allowed: z.boolean({ error: 'allowed: true or false' }),
  /** Null: backorders only up to the open purchase orders. */
  leadTimeDays: leadTimeDaysField,
});
export type BackorderSettingsRequest = z.infer<typeof backorderSettingsRequest>;

/** The admin's view of a product's backorders. */
export const backorderSettings = productBackorder.extend({
  productId: z.string(),
  sku: z.string(),
});
export type BackorderSettings = z.infer<typeof backorderSettings>;

const poQuantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(1_000_000_000, 'Quantity must be at most 1,000,000,000');

/** `POST /admin/purchase-orders`: stock ordered from a supplier, expected on a day. */
export const purchaseOrderRequest = z.strictObject({
  productId: z.uuid('productId: not a product'),
  quantity: poQuantity,
  expectedOn: z.string().pipe(isoDay),
  reference: z.string().trim().max(80, 'Reference must be at most 80 characters').default(''),
});
export type PurchaseOrderRequest = z.input<typeof purchaseOrderRequest>;

export const purchaseOrder = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Pieces sold as backorders from it. */
  promised: z.number().int(),
  expectedOn: z.string(),
  reference: z.string(),
  createdAt: z.string(),
  /** When its goods came in (`POST /admin/purchase-orders/{id}/receive`); null while expected. */
  receivedAt: z.string().nullable(),
  /** The warehouse they came into; null while expected. */
  receivedInto: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

/** `POST /admin/purchase-orders/{id}/receive`: the goods came in, to this warehouse. */
export const purchaseOrderReceiveRequest = z.strictObject({ warehouse: warehouseRef });
export type PurchaseOrderReceiveRequest = z.infer<typeof purchaseOrderReceiveRequest>;

/** What a receipt did: pieces handed to the orders they were promised to, the rest into stock. */
export const purchaseOrderReceipt = z.object({
  purchaseOrder: purchaseOrder,
  /** Pieces that went to the backordered lines they were promised to (to pick from there). */
  toOrders: z.number().int(),
  /** How many orders those lines belong to. */
  orders: z.number().int(),
  /** Pieces added to the warehouse's stock, sellable at once. */
  toStock: z.number().int(),
});
export type PurchaseOrderReceipt = z.infer<typeof purchaseOrderReceipt>;

export const purchaseOrdersQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().min(1).max(200).optional(),
  productId: z.uuid('productId: not a product').optional(),
});

export const purchaseOrderIdParams = z.strictObject({
  id: z.uuid('id: not a purchase order'),
});

/**
 * The incoming-stock file (`POST /admin/purchase-orders/import`): one purchase order a line, its
 * product by SKU in any case. A line's purchase order is then checked as `purchaseOrderRequest`.
 */
export const PURCHASE_ORDER_CSV_COLUMNS = ['sku', 'quantity', 'expected_on'] as const;
export const purchaseOrderCsvLine = z.object({
  sku: z.string().trim().min(1, 'sku: required').max(100, 'sku: at most 100 characters'),
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'quantity: a whole number from 1')
    .transform(Number)
    .refine((n) => n >= 1, 'quantity: a whole number from 1'),
  expected_on: z
    .string()
    .trim()
    .refine((day) => isoDay.safeParse(day).success, 'expected_on: a real date, YYYY-MM-DD'),
});
export type PurchaseOrderCsvLine = z.output<typeof purchaseOrderCsvLine>;

/** The import's report: a purchase order added a line, or the line refused and why. */
export const purchaseOrderImportReport = z.object({
  added: z.number().int(),
  /** How many lines were refused; `rejections` lists the first MAX_REPORTED_REJECTIONS. */
  rejected: z.number().int(),
  rejections: z.array(importRejection),
  /** Why the import stopped before the end of the file (a line it cannot read past); else null. */
  stopped: z.string().nullable(),
});
export type PurchaseOrderImportReport = z.infer<typeof purchaseOrderImportReport>;

export const backorderAdminMessages = {
  productNotFound: 'productId: no such product',
  notFound: 'Purchase order not found',
  saved: 'Backorder terms saved',
  added: (quantity: number, expectedOn: string) =>
    `Purchase order of ${quantity} expected on ${expectedOn} added`,
  promised: (promised: number) =>
    `This purchase order has ${promised} pieces promised to orders: it cannot be removed`,
  removed: 'Purchase order removed',
  received: ({ purchaseOrder: po, toOrders, orders, toStock }: PurchaseOrderReceipt) =>
    `Received into ${po.receivedInto}: ${toOrders} pieces to ${orders} backordered ${
      orders === 1 ? 'order' : 'orders'
    }, ${toStock} into stock`,
  alreadyReceived: (day: string) => `This purchase order was already received on ${day}`,
  receivedNotRemoved: 'This purchase order was received: it stays on record',
  csvUnknownSku: (sku: string) => `sku: no product "${sku}"`,
} as const;
