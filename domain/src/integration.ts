import { z } from 'zod';
import { order } from './orders.ts';
import { MAX_PRODUCT_QUANTITY, productFields } from './product-admin.ts';
import { SALES_UNITS } from './sales-units.ts';

/** Issue 34: the ERP's calls. One request carries at most this many items. */
export const MAX_SYNC_ITEMS = 10_000;

const sku = z
  .string({ error: 'sku: is required' })
  .trim()
  .min(1, 'sku: is required')
  .max(60, 'sku: at most 60 characters');

const itemsOf = <T extends z.ZodType>(item: T) =>
  z
    .object({
      items: z
        .array(item, { error: 'items: a list of { sku, … } is required' })
        .min(1, 'items: at least one item')
        .max(MAX_SYNC_ITEMS, `items: at most ${MAX_SYNC_ITEMS.toLocaleString('en-US')} a request`),
    })
    .strict();

/** `PUT /integration/stock`: each SKU's stock, in whole pieces (0 is out of stock). */
export const stockSyncRequest = itemsOf(
  z
    .object({
      sku,
      quantity: z
        .number({ error: 'quantity: a whole number of pieces is required' })
        .int('quantity: must be a whole number of pieces')
        .min(0, 'quantity: must not be negative')
        .max(
          MAX_PRODUCT_QUANTITY,
          `quantity: must be at most ${MAX_PRODUCT_QUANTITY.toLocaleString('en-US')}`,
        ),
    })
    .strict(),
);
export type StockSyncRequest = z.infer<typeof stockSyncRequest>;

/** `PUT /integration/prices`: each SKU's price in dollars, as the product API has it (whole cents). */
export const priceSyncRequest = itemsOf(
  z.object({ sku, price: productFields.shape.price }).strict(),
);
export type PriceSyncRequest = z.infer<typeof priceSyncRequest>;

export const SYNC_STATUSES = ['updated', 'not_found', 'rejected'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** One result per item sent, in the order sent. */
export const syncResults = z.object({
  results: z.array(
    z.object({ sku: z.string(), status: z.enum(SYNC_STATUSES), message: z.string().optional() }),
  ),
});
export type SyncResult = z.infer<typeof syncResults>['results'][number];

export const syncMessages = {
  notFound: 'no product has this SKU',
  repeated: (first: number) => `this SKU is also item ${first}, which was applied`,
  belowBreak: (top: number) =>
    `price: must be above the product's volume prices (the highest is $${(top / 100).toFixed(2)})`,
  exported: (erp: string) => `Order marked exported as ${erp}`,
};

/** `GET /integration/orders`: orders changed since `since` (the last page's `nextCursor`). */
export const integrationOrdersQuery = z
  .object({
    since: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type IntegrationOrdersQuery = z.infer<typeof integrationOrdersQuery>;

export const integrationOrder = order.extend({
  erpOrderNumber: z.string().nullable(),
  exportedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type IntegrationOrder = z.infer<typeof integrationOrder>;

/** `nextCursor` is never null: poll again with it; an empty page keeps the cursor given. */
export const integrationOrdersPage = z.object({
  items: z.array(integrationOrder),
  nextCursor: z.string(),
});

export const exportOrderRequest = z
  .object({
    erpOrderNumber: z
      .string({ error: 'erpOrderNumber: is required' })
      .trim()
      .min(1, 'erpOrderNumber: is required')
      .max(64, 'erpOrderNumber: at most 64 characters'),
  })
  .strict();

/** `GET /integration/products` and `/integration/customers`: a sweep in the order things were made. */
export const integrationListQuery = z
  .object({
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  })
  .strict();
export type IntegrationListQuery = z.infer<typeof integrationListQuery>;

/** A live product as an ERP or PIM reads it: prices in dollars (whole cents), as the product API. */
export const integrationProduct = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  mpn: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  price: z.number(),
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  packSize: z.number().int(),
  /** What one piece is (issue 35): each, box, pallet, metre, kg. */
  salesUnit: z.enum(SALES_UNITS),
  /** The most one order may hold; null: no limit. */
  maxOrderQuantity: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntegrationProduct = z.infer<typeof integrationProduct>;

/** `nextCursor` null: the sweep has reached the newest. */
export const integrationProductsPage = z.object({
  items: z.array(integrationProduct),
  nextCursor: z.string().nullable(),
});

/** A company account as an ERP's customer master reads it, with who buys for it. */
export const integrationCustomer = z.object({
  id: z.string(),
  name: z.string(),
  taxId: z.string(),
  billingAddress: z.string(),
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  balance: z.number(),
  members: z.array(
    z.object({ email: z.string(), name: z.string(), role: z.enum(['admin', 'buyer', 'approver']) }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntegrationCustomer = z.infer<typeof integrationCustomer>;

export const integrationCustomersPage = z.object({
  items: z.array(integrationCustomer),
  nextCursor: z.string().nullable(),
});
