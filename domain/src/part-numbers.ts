import { z } from 'zod';
import { skuField } from './catalog-csv.ts';
import { changeCountsReport } from './csv-import.ts';
import { paginationQuery } from './envelope.ts';

/**
 * Issue 35: a company's own part numbers. Its admin keeps one number per product (edited here or
 * imported as CSV `customer_part_number,sku`); its members quick-order and search by them, and
 * their order lines, invoices, packing slips and exports show the number beside the SKU.
 * Another company never sees them.
 */

export const CUSTOMER_PART_NUMBER_MAX = 60;
/** How many numbers one `PUT` sets; a longer list goes by the CSV import. */
export const MAX_PART_NUMBERS_PER_PUT = 1000;

/** Buyers write their numbers with more signs than SKUs have; no control characters, no commas. */
const NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/ #+:()-]*$/;
const numberSigns = (column: string) =>
  `${column}: letters, digits and . _ / - # + : ( ) only, starting with a letter or digit`;

export const customerPartNumberField = z
  .string({ error: 'customerPartNumber: required' })
  .trim()
  .min(1, 'customerPartNumber: required')
  .max(
    CUSTOMER_PART_NUMBER_MAX,
    `customerPartNumber: at most ${CUSTOMER_PART_NUMBER_MAX} characters`,
  )
  .regex(NUMBER_PATTERN, numberSigns('customerPartNumber'));

export const partNumber = z.object({
  _id: z.string(),
  customerPartNumber: z.string(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  updatedAt: z.string(),
});
export type PartNumber = z.infer<typeof partNumber>;

/** `GET /company/part-numbers`: newest first; `q` finds a number or a SKU by its beginning. */
export const partNumbersQuery = paginationQuery.extend({
  q: z.string().trim().max(CUSTOMER_PART_NUMBER_MAX, 'q: at most 60 characters').optional(),
});
export type PartNumbersQuery = z.infer<typeof partNumbersQuery>;

export const partNumberItem = z.object({
  sku: skuField,
  customerPartNumber: customerPartNumberField,
});
export type PartNumberItem = z.infer<typeof partNumberItem>;

/** `PUT /company/part-numbers`: sets each product's number (adds it, or replaces the old one). */
export const setPartNumbersRequest = z.object({
  items: z
    .array(partNumberItem, { error: 'items: a list of { sku, customerPartNumber }' })
    .min(1, 'items: at least one')
    .max(
      MAX_PART_NUMBERS_PER_PUT,
      `items: at most ${MAX_PART_NUMBERS_PER_PUT}; import a CSV for more`,
    ),
});
export type SetPartNumbersRequest = z.infer<typeof setPartNumbersRequest>;

export const PART_NUMBER_OUTCOMES = ['added', 'updated', 'unchanged', 'rejected'] as const;
export type PartNumberOutcome = (typeof PART_NUMBER_OUTCOMES)[number];

/** Each item of a `PUT`, in the order sent: what became of it, and why when refused. */
export const partNumberResult = z.object({
  sku: z.string(),
  customerPartNumber: z.string(),
  status: z.enum(PART_NUMBER_OUTCOMES),
  /** The number's id once stored; null when refused. */
  id: z.string().nullable(),
  message: z.string().nullable(),
});
export type PartNumberResult = z.infer<typeof partNumberResult>;

export const setPartNumbersResult = z.object({
  results: z.array(partNumberResult),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type SetPartNumbersResult = z.infer<typeof setPartNumbersResult>;

const uuidList = z
  .array(z.uuid({ message: 'ids: each an id the list gave' }))
  .max(MAX_PART_NUMBERS_PER_PUT, `ids: at most ${MAX_PART_NUMBERS_PER_PUT}`);

/** `DELETE /company/part-numbers`: the numbers of these SKUs, or these numbers by id. */
export const deletePartNumbersRequest = z
  .object({
    skus: z
      .array(skuField)
      .max(MAX_PART_NUMBERS_PER_PUT, `skus: at most ${MAX_PART_NUMBERS_PER_PUT}`)
      .optional(),
    ids: uuidList.optional(),
  })
  .strict()
  .refine((body) => (body.skus?.length ?? 0) + (body.ids?.length ?? 0) > 0, {
    message: 'skus: give the SKUs (or ids) whose numbers to delete',
    path: ['skus'],
  });
export type DeletePartNumbersRequest = z.infer<typeof deletePartNumbersRequest>;

export const deletePartNumbersResult = z.object({ deleted: z.number().int() });

/** The import's columns; both required, in any order. */
export const PART_NUMBER_CSV_COLUMNS = ['customer_part_number', 'sku'] as const;
export type PartNumberCsvColumn = (typeof PART_NUMBER_CSV_COLUMNS)[number];

/** One line of the import, by column name; every message names its column. */
export const partNumberCsvLine = z
  .object({
    customer_part_number: z
      .string()
      .optional()
      .transform((cell) => cell ?? '')
      .pipe(
        z
          .string()
          .trim()
          .min(1, 'customer_part_number: required')
          .max(
            CUSTOMER_PART_NUMBER_MAX,
            `customer_part_number: at most ${CUSTOMER_PART_NUMBER_MAX} characters`,
          )
          .regex(NUMBER_PATTERN, numberSigns('customer_part_number')),
      ),
    sku: skuField,
  })
  .transform((line) => ({ customerPartNumber: line.customer_part_number, sku: line.sku }));
export type PartNumberCsvLine = z.output<typeof partNumberCsvLine>;

/** Added: a product got its first number; updated: its number changed. */
export const partNumberImportReport = changeCountsReport;
export type PartNumberImportReport = z.infer<typeof partNumberImportReport>;

export const partNumberMessages = {
  skuUnknown: (sku: string) => `sku: no product has the SKU ${sku}`,
  numberTaken: (number: string, sku: string) =>
    `customerPartNumber: ${number} is already your number for ${sku}; delete or change that one first`,
  productTwice: (sku: string, first: string) =>
    `sku: ${sku} is given a number again (first on ${first}); one number per product`,
  numberTwice: (number: string, first: string) =>
    `customerPartNumber: ${number} is given again (first on ${first}); one product per number`,
  notSaved: 'could not be saved (its product was deleted meanwhile, or the number taken)',
};
