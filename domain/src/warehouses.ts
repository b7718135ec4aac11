import { z } from 'zod';
import { countryName } from './addresses.ts';
import { changeCountsReport } from './csv-import.ts';

/** Issue 36: warehouses (stock locations), stock per warehouse, transfers and low stock. */

const iso = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => countryName(code) !== undefined, 'an ISO 3166 country code, like GB or NL');
const text = (max: number) => z.string().trim().max(max);

/** A warehouse's zone: 'all', or the countries it ships to. */
export const shipsToZone = z.union([z.literal('all'), z.array(iso).min(1).max(250)]);

export const warehouseRequest = z.strictObject({
  name: text(80).min(1, 'name: required'),
  /** What buyers read on a product page ("Leeds"). */
  publicName: text(80).min(1, 'publicName: required'),
  line1: text(200).default(''),
  city: text(100).default(''),
  postalCode: text(20).default(''),
  country: iso,
  shipsTo: shipsToZone,
});
export type WarehouseRequest = z.input<typeof warehouseRequest>;

export const warehouse = z.object({
  id: z.number().int(),
  name: z.string(),
  publicName: z.string(),
  line1: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  shipsTo: shipsToZone,
});
export type Warehouse = z.infer<typeof warehouse>;

export const warehousesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().min(1).max(200).optional(),
});

export const warehouseIdParams = z.strictObject({
  id: z.coerce
    .number({ error: 'id: not a warehouse' })
    .int('id: not a warehouse')
    .positive('id: not a warehouse')
    .max(2_147_483_647, 'id: not a warehouse'),
});

/** A warehouse named by its id or its name (any case). */
export const warehouseRef = z.union([z.number().int().positive(), text(80).min(1)]);

export const stockAdjustRequest = z.strictObject({
  warehouse: warehouseRef,
  quantity: z.number().int().min(0).max(1_000_000_000),
  reason: text(500).min(1, 'reason: say why the stock changes'),
  /** Below this the product shows on the warehouse's low-stock list; left out: unchanged. */
  reorderPoint: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type StockAdjustRequest = z.infer<typeof stockAdjustRequest>;

export const productIdParams = z.strictObject({ productId: z.uuid('productId: not a product') });

/** A product's stock in each warehouse. */
export const warehouseStockLevel = z.object({
  warehouseId: z.number().int(),
  warehouse: z.string(),
  quantity: z.number().int(),
  reorderPoint: z.number().int(),
});
export const productStock = z.object({
  productId: z.string(),
  availableQuantity: z.number().int(),
  warehouses: z.array(warehouseStockLevel),
});
export type ProductStock = z.infer<typeof productStock>;

export const stockTransferRequest = z
  .strictObject({
    productId: z.uuid('productId: not a product'),
    from: warehouseRef,
    to: warehouseRef,
    quantity: z.number().int().min(1).max(1_000_000_000),
  })
  .refine((t) => String(t.from).toLowerCase() !== String(t.to).toLowerCase(), {
    message: 'to: another warehouse than from',
    path: ['to'],
  });
export type StockTransferRequest = z.infer<typeof stockTransferRequest>;

export const lowStockQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().min(1).max(200).optional(),
  warehouse: z.coerce.number().int().positive().optional(),
});
export const lowStockItem = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  warehouseId: z.number().int(),
  warehouse: z.string(),
  quantity: z.number().int(),
  reorderPoint: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItem>;
export const LOW_STOCK_CSV_COLUMNS = [
  'sku',
  'name',
  'warehouse',
  'quantity',
  'reorder_point',
] as const;

/** The stock file an ERP sends nightly: one line a product in a warehouse. */
export const STOCK_CSV_COLUMNS = ['sku', 'warehouse', 'quantity'] as const;
export const stockCsvLine = z.object({
  sku: text(100).min(1, 'sku: required'),
  warehouse: text(80).min(1, 'warehouse: required'),
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'quantity: a whole number from 0')
    .transform(Number),
});
export type StockCsvLine = z.output<typeof stockCsvLine>;
export const stockImportReport = changeCountsReport;
export type StockImportReport = z.infer<typeof stockImportReport>;

/** A product page's availability: public names only. */
export const publicStock = z.array(z.object({ warehouse: z.string(), quantity: z.number().int() }));
export type PublicStock = z.infer<typeof publicStock>;

export const warehouseMessages = {
  created: (name: string) => `Warehouse "${name}" added`,
  nameTaken: (name: string) => `name: a warehouse "${name}" exists already`,
  updated: (name: string) => `Warehouse "${name}" saved`,
  removed: (name: string) => `Warehouse "${name}" removed`,
  notFound: 'No such warehouse',
  firstOne: (name: string) =>
    `"${name}" is where stock set without a warehouse goes (the product form, the catalog import, the ERP's sync): it stays`,
  holdsStock: (name: string, pieces: number) =>
    `"${name}" holds ${pieces > 0 ? `${pieces} ` : ''}pieces: move them to another warehouse first`,
  hasHistory: (name: string) =>
    `"${name}" has shipped or allocated orders: it stays, for their records (set its stock to 0 instead)`,
  unknown: (ref: string | number) => `warehouse: no warehouse "${ref}"`,
  productNotFound: 'productId: no such product',
  adjusted: (quantity: number, warehouse: string) => `Stock set to ${quantity} in ${warehouse}`,
  transferred: (quantity: number, from: string, to: string) =>
    `${quantity} moved from ${from} to ${to}`,
  notEnough: (have: number, from: string) => `quantity: only ${have} in ${from}`,
  csvUnknownSku: (sku: string) => `sku: no product "${sku}"`,
  csvLineAgain: (line: number) => `the same sku and warehouse as line ${line}`,
};
