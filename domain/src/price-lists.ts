import { z } from 'zod';
import { changeCountsReport } from './csv-import.ts';
import { paginationQuery } from './envelope.ts';

/** Issue 35, decision 038: contract price lists and a buyer's own prices. */
export const MAX_PRICE_LIST_ENTRIES = 5000;
export const MAX_PRICE_IDS = 100;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field}: required` })
    .trim()
    .min(1, `${field}: required`)
    .max(max, `${field}: at most ${max} characters`);
const percentOff = z
  .number({ error: 'percentOff: a number from 0 to 100' })
  .min(0, 'percentOff: a number from 0 to 100')
  .max(100, 'percentOff: a number from 0 to 100');
const at = (field: string) => z.iso.datetime({ offset: true, error: `${field}: an ISO date-time` });

/**
 * One entry: `{ sku, price, minQuantity? }` (a product's unit price from `minQuantity` on), or
 * `{ brand, percentOff }`, `{ category, percentOff }` (and its subcategories) or `{ percentOff }`
 * (everything). One object with a shape check, so that each mistake names its field.
 */
export const priceListEntry = z
  .strictObject({
    sku: text('sku', 100).optional(),
    /** Dollars, the unit price from `minQuantity` on. */
    price: z
      .number({ error: 'price: a number of dollars' })
      .min(0, 'price: must not be negative')
      .max(10_000_000, 'price: at most 10,000,000')
      .optional(),
    minQuantity: z
      .number({ error: 'minQuantity: a whole number from 1' })
      .int('minQuantity: a whole number from 1')
      .min(1, 'minQuantity: a whole number from 1')
      .max(1_000_000, 'minQuantity: at most 1,000,000')
      .optional(),
    brand: text('brand', 200).optional(),
    category: text('category', 200).optional(),
    percentOff: percentOff.optional(),
  })
  .superRefine((e, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (e.sku !== undefined) {
      if (e.price === undefined) issue('price: required with sku');
      if (e.percentOff !== undefined || e.brand !== undefined || e.category !== undefined)
        issue('sku: an entry with sku takes price and minQuantity only');
      return;
    }
    if (e.price !== undefined || e.minQuantity !== undefined) issue('sku: required with price');
    else if (e.percentOff === undefined) issue('percentOff: required without sku');
    else if (e.brand !== undefined && e.category !== undefined)
      issue('brand: an entry names a brand or a category, not both');
  });
export type PriceListEntry = z.infer<typeof priceListEntry>;

/** A list's own fields: what `PATCH /admin/price-lists/{id}` changes, its entries left alone. */
const priceListFields = {
  name: text('name', 200),
  companyIds: z
    .array(z.uuid({ error: 'companyIds: company ids' }), { error: 'companyIds: company ids' })
    .max(1000, 'companyIds: at most 1000'),
  validFrom: at('validFrom').nullable().optional(),
  validTo: at('validTo').nullable().optional(),
  priority: z
    .number({ error: 'priority: a whole number' })
    .int('priority: a whole number')
    .min(-1_000_000, 'priority: from -1,000,000')
    .max(1_000_000, 'priority: up to 1,000,000')
    .default(0),
};
const validToAfterFrom = (v: { validFrom?: string | null; validTo?: string | null }) =>
  !v.validFrom || !v.validTo || Date.parse(v.validTo) > Date.parse(v.validFrom);
const validToMessage = { message: 'validTo: must be after validFrom', path: ['validTo'] };

export const priceListSettingsRequest = z
  .strictObject(priceListFields)
  .refine(validToAfterFrom, validToMessage);
export type PriceListSettingsRequest = z.infer<typeof priceListSettingsRequest>;
export type PriceListSettingsInput = z.input<typeof priceListSettingsRequest>;

export const priceListRequest = z
  .strictObject({
    ...priceListFields,
    entries: z
      .array(priceListEntry, { error: 'entries: a list of entries' })
      .max(MAX_PRICE_LIST_ENTRIES, `entries: at most ${MAX_PRICE_LIST_ENTRIES}`),
  })
  .refine(validToAfterFrom, validToMessage);
export type PriceListRequest = z.infer<typeof priceListRequest>;

export const priceListSummary = z.object({
  id: z.string(),
  name: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  priority: z.number().int(),
  companyIds: z.array(z.string()),
  entryCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceListSummary = z.infer<typeof priceListSummary>;

export const priceList = priceListSummary.extend({
  entries: z.array(
    z.union([
      z.object({ sku: z.string(), price: z.number(), minQuantity: z.number().int() }),
      z.object({ brand: z.string(), percentOff: z.number() }),
      z.object({ category: z.string(), percentOff: z.number() }),
      z.object({ percentOff: z.number() }),
    ]),
  ),
});
export type PriceList = z.infer<typeof priceList>;

export const priceListsQuery = paginationQuery.pick({ limit: true, cursor: true }).strict();
export const priceListIdParams = z.object({ id: z.uuid({ error: 'id: no such price list' }) });

export const pricesQuery = z.strictObject({
  productIds: z
    .string({ error: 'productIds: comma-separated product ids' })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'productIds: product ids' }))
        .min(1, 'productIds: at least one')
        .max(MAX_PRICE_IDS, `productIds: at most ${MAX_PRICE_IDS}`),
    ),
});

export const PRICE_SOURCES = ['contract', 'tier', 'list'] as const;
export const buyerPrice = z.object({
  productId: z.string(),
  /** Dollars, at the product's minimum order quantity. */
  unitPrice: z.number(),
  listPrice: z.number(),
  /** The buyer's own breaks: from `minQuantity` on, `price` dollars. */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })),
  source: z.enum(PRICE_SOURCES),
  /** The contract price list, when `source` is `contract`. */
  priceList: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type BuyerPrice = z.infer<typeof buyerPrice>;

/**
 * A price list as CSV (`GET /admin/price-lists/{id}/export.csv`, `POST .../import`): a product
 * line `sku,min_quantity,price`, or a rule line `percent_off` with a `brand`, a `category` or
 * neither (everything). `price_list` names the list the file came from; when filled it must be
 * the list imported into (a file meant for another list is refused line by line).
 */
export const PRICE_LIST_CSV_COLUMNS = [
  'price_list',
  'sku',
  'min_quantity',
  'price',
  'brand',
  'category',
  'percent_off',
] as const;
export type PriceListCsvColumn = (typeof PRICE_LIST_CSV_COLUMNS)[number];
export const PRICE_LIST_CSV_REQUIRED = ['sku', 'price'] as const;

const blankToUndefined = (cell: string | undefined) => {
  const trimmed = cell?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
};
/** A decimal cell: dollars with at most 2 decimals, a whole number, a percentage. */
const decimalCell = (column: string, pattern: RegExp, what: string) =>
  z
    .string()
    .optional()
    .transform(blankToUndefined)
    .pipe(z.string().regex(pattern, `${column}: ${what}`).transform(Number).optional());
const DOLLARS = /^\d{1,8}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** The entry fields' names as the CSV's columns say them. */
const asColumns = (message: string) =>
  message.replace(/^percentOff:/, 'percent_off:').replace(/^minQuantity:/, 'min_quantity:');

/** One line of the import, by column name, checked as a JSON entry is (`priceListEntry`). */
export const priceListCsvLine = z
  .object({
    price_list: z.string().optional().transform(blankToUndefined),
    sku: z.string().optional().transform(blankToUndefined),
    min_quantity: decimalCell('min_quantity', WHOLE, 'a whole number from 1'),
    price: decimalCell('price', DOLLARS, 'dollars with at most 2 decimals, e.g. 12.50'),
    brand: z.string().optional().transform(blankToUndefined),
    category: z.string().optional().transform(blankToUndefined),
    percent_off: decimalCell('percent_off', PERCENT, 'a number from 0 to 100'),
  })
  .transform((cells, ctx) => {
    const entry = Object.fromEntries(
      Object.entries({
        sku: cells.sku,
        price: cells.price,
        minQuantity: cells.min_quantity,
        brand: cells.brand,
        category: cells.category,
        percentOff: cells.percent_off,
      }).filter(([, value]) => value !== undefined),
    );
    const checked = priceListEntry.safeParse(entry);
    if (!checked.success) {
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: asColumns(issue.message) });
      return z.NEVER;
    }
    return { priceList: cells.price_list, entry: checked.data };
  });
export type PriceListCsvLine = z.output<typeof priceListCsvLine>;

/** Added: a new price or rule; updated: its price or percentage changed. */
export const priceListImportReport = changeCountsReport;
export type PriceListImportReport = z.infer<typeof priceListImportReport>;

export const priceListMessages = {
  created: (name: string) => `Price list "${name}" created`,
  saved: (name: string) => `Price list "${name}" saved`,
  deleted: (name: string) => `Price list "${name}" deleted`,
  notFound: 'id: no such price list',
  unknownSku: (sku: string) => `entries.sku: no product ${sku}`,
  unknownBrand: (brand: string) => `entries.brand: no brand ${brand}`,
  unknownCategory: (category: string) => `entries.category: no category ${category}`,
  unknownCompany: (id: string) => `companyIds: no company ${id}`,
  duplicateBreak: (sku: string, min: number) =>
    `entries.minQuantity: ${sku} has two prices from ${min}`,
  otherList: (named: string, list: string) =>
    `price_list: this line is for "${named}", not "${list}"`,
  lineAgain: (first: number) => `given again (first on line ${first}); one line per price`,
  csvUnknownSku: (sku: string) => `sku: no product has the SKU ${sku}`,
  csvUnknownBrand: (brand: string) => `brand: no brand ${brand}`,
  csvUnknownCategory: (category: string) => `category: no category ${category}`,
};
