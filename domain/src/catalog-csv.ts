import { z } from 'zod';
import { importRejection } from './csv-import.ts';
import { MAX_ORDER_QUANTITY } from './orders.ts';
import { MAX_PACK_SIZE, type PriceBreakInput, priceBreakItems } from './price-breaks.ts';
import { MAX_PRODUCT_QUANTITY, productFields, UPLOADED_IMAGE_PATH } from './product-admin.ts';
import { SALES_UNITS } from './sales-units.ts';
import { MAX_PRODUCT_GRAMS, MAX_PRODUCT_MM, shippingSizeField } from './shipping.ts';

/**
 * The catalog's CSV (issue 16): `GET /catalog/export.csv` writes these columns in this order and
 * `POST /catalog/import` reads them, by name, in any order. `sku` and `name` are required in the
 * header; a column left out keeps what the product has (or its default, for a new product).
 */
export const CATALOG_CSV_COLUMNS = [
  'sku',
  'name',
  'mpn',
  'brand',
  'category',
  'price',
  'minimumOrderQuantity',
  'availableQuantity',
  'img',
  'description',
  'attributes',
  'crossReferences',
  'priceBreaks',
  'packSize',
  'salesUnit',
  'maxOrderQuantity',
  'weightGrams',
  'lengthMm',
  'widthMm',
  'heightMm',
  'supersededBy',
  'coreDeposit',
  'coreReturnDays',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];
export const REQUIRED_CSV_COLUMNS: CatalogCsvColumn[] = ['sku', 'name'];

export const CROSS_REFERENCE_KINDS = ['oem', 'superseded', 'competitor'] as const;
export type CrossReferenceKind = (typeof CROSS_REFERENCE_KINDS)[number];

export interface CsvAttribute {
  name: string;
  value: string;
  num: number | null;
  unit: string | null;
}

/** A unit after a number: letters and signs, no digits (`mm`, `V`, `°C`, `N·m`, `l/min`). */
const NUMBER_WITH_UNIT = /^(-?\d+(?:\.\d+)?)(?:\s+([^\s\d][^\d]{0,15}))?$/;
const ATTRIBUTE_NAME = /^[a-z0-9_]{1,40}$/;

/**
 * `bore=20 mm; seal=rubber seals`: a number (with its unit) is stored as a number, so that a
 * range can filter it; anything else is text. Throws a message naming what is wrong.
 */
export function parseAttributes(cell: string): CsvAttribute[] {
  const attributes: CsvAttribute[] = [];
  for (const part of cell.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim().toLowerCase();
    const value = part.slice(at + 1).trim();
    if (at < 1 || !ATTRIBUTE_NAME.test(name))
      throw new Error(`attributes: "${part.trim()}" is not name=value (a name is a-z, 0-9, _)`);
    if (value === '' || value.length > 100)
      throw new Error(`attributes: ${name} needs a value of at most 100 characters`);
    if (attributes.some((a) => a.name === name))
      throw new Error(`attributes: ${name} is given twice`);
    const number = NUMBER_WITH_UNIT.exec(value);
    attributes.push(
      number
        ? { name, value: number[1] ?? value, num: Number(number[1]), unit: number[2] ?? null }
        : { name, value, num: null, unit: null },
    );
  }
  return attributes;
}

export const formatAttributes = (attributes: Omit<CsvAttribute, 'num'>[]) =>
  attributes.map((a) => `${a.name}=${a.value}${a.unit ? ` ${a.unit}` : ''}`).join('; ');

/** `oem:1234-567; competitor:6204ZZ`. */
export function parseCrossReferences(cell: string) {
  const references: { kind: CrossReferenceKind; number: string }[] = [];
  for (const part of cell.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf(':');
    const kind = part.slice(0, at).trim().toLowerCase() as CrossReferenceKind;
    const number = part.slice(at + 1).trim();
    if (at < 1 || !CROSS_REFERENCE_KINDS.includes(kind))
      throw new Error(
        `crossReferences: "${part.trim()}" is not kind:number (kind is ${CROSS_REFERENCE_KINDS.join(', ')})`,
      );
    if (number === '' || number.length > 60)
      throw new Error(`crossReferences: a ${kind} number needs 1 to 60 characters`);
    references.push({ kind, number });
  }
  return references;
}

export const formatCrossReferences = (references: { kind: string; number: string }[]) =>
  references.map((r) => `${r.kind}:${r.number}`).join('; ');

const PRICE_BREAK = /^(\d+)\s*=\s*(\d+(?:\.\d+)?)$/;

/**
 * `10=9.50; 50=8.75`: from 10 pieces on, $9.50 each; from 50, $8.75. Empty: no breaks. Each break
 * is checked here, a message naming it; how they go together (rising quantities, falling prices,
 * all below the price) is checked by the import when they change, so that a product's stored
 * breaks always export and import back as they are.
 */
export function parsePriceBreaks(cell: string): PriceBreakInput[] {
  const parts = cell
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const breaks = parts.map((part) => {
    const match = PRICE_BREAK.exec(part);
    if (!match)
      throw new Error(`priceBreaks: "${part}" is not quantity=price, like 10=9.50; 50=8.75`);
    return { minQuantity: Number(match[1]), price: Number(match[2]) };
  });
  const checked = priceBreakItems.safeParse(breaks);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const at = issue?.path[0];
    const part = typeof at === 'number' ? `"${parts[at]}": ` : '';
    throw new Error(`priceBreaks: ${part}${issue?.message ?? 'not valid'}`);
  }
  return checked.data;
}

export const formatPriceBreaks = (breaks: PriceBreakInput[]) =>
  breaks.map((b) => `${b.minQuantity}=${b.price.toFixed(2)}`).join('; ');

const cell = (max: number, label: string) =>
  z.string().trim().max(max, `${label}: at most ${max} characters`);
const number = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, `${label}: not a number`)
    .transform(Number);
const quantity = (label: string, min: number) =>
  number(label).pipe(
    z
      .number()
      .int(`${label}: a whole number`)
      .min(min, `${label}: at least ${min}`)
      .max(MAX_PRODUCT_QUANTITY, `${label}: at most ${MAX_PRODUCT_QUANTITY}`),
  );
/** Empty, or a cell the schema reads: an empty cell keeps what the product has. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

/** Where a product picture may point: the shop's own pictures, or an upload. */
const IMPORT_IMAGE = /^\/images\/(categories|products)\/[a-z0-9-]{1,60}\.(svg|webp|png|jpg)$/;

/** One line of an import, by column name; every message names its column. */
/** The shop's part number: what a buyer types, so plain letters, digits and a few signs. */
export const skuField = z
  .string()
  .trim()
  .min(1, 'sku: required')
  .max(60, 'sku: at most 60 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/ -]*$/, 'sku: letters, digits and . _ / - only');

/** Issue 36: the SKU of the product that replaces this one, or '' for none. */
export const supersededByField = z
  .string()
  .trim()
  .max(60, 'supersededBy: at most 60 characters')
  .regex(
    /^(?:[A-Za-z0-9][A-Za-z0-9._/ -]*)?$/,
    'supersededBy: a SKU (letters, digits and . _ / -)',
  );

export const catalogCsvLine = z.object({
  sku: skuField,
  name: z
    .string()
    .trim()
    .min(1, 'name: required')
    .pipe(productFields.shape.name.transform((name) => name)),
  mpn: optional(cell(60, 'mpn')),
  brand: optional(cell(80, 'brand')),
  category: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'category: a category slug, like ball-bearings'),
  ),
  price: optional(number('price').pipe(productFields.shape.price)),
  minimumOrderQuantity: optional(quantity('minimumOrderQuantity', 1)),
  availableQuantity: optional(quantity('availableQuantity', 0)),
  img: optional(
    z
      .string()
      .trim()
      .refine(
        (url) => IMPORT_IMAGE.test(url) || UPLOADED_IMAGE_PATH.test(url),
        'img: a picture of this shop (/images/… or /uploads/….webp)',
      ),
  ),
  description: optional(cell(2000, 'description')),
  attributes: optional(
    z.string().transform((text, context) => tryParse(text, context, parseAttributes)),
  ),
  crossReferences: optional(
    z.string().transform((text, context) => tryParse(text, context, parseCrossReferences)),
  ),
  // Unlike the other cells, an empty one means something: no breaks (it clears them).
  priceBreaks: z
    .string()
    .optional()
    .transform((text, context) =>
      text === undefined ? undefined : tryParse(text, context, parsePriceBreaks),
    ),
  packSize: optional(
    number('packSize').pipe(
      z
        .number()
        .int('packSize: a whole number')
        .min(1, 'packSize: at least 1')
        .max(MAX_PACK_SIZE, `packSize: at most ${MAX_PACK_SIZE}`),
    ),
  ),
  // Issue 35: what it sells in; the most one order takes, 0 for no limit.
  salesUnit: optional(
    z.enum(SALES_UNITS, { error: `salesUnit: one of ${SALES_UNITS.join(', ')}` }),
  ),
  maxOrderQuantity: optional(
    number('maxOrderQuantity').pipe(
      z
        .number()
        .int('maxOrderQuantity: a whole number')
        .min(0, 'maxOrderQuantity: 0 (no limit) or more')
        .max(MAX_ORDER_QUANTITY, `maxOrderQuantity: at most ${MAX_ORDER_QUANTITY}`),
    ),
  ),
  weightGrams: optional(
    number('weightGrams').pipe(shippingSizeField('weightGrams', MAX_PRODUCT_GRAMS)),
  ),
  lengthMm: optional(number('lengthMm').pipe(shippingSizeField('lengthMm', MAX_PRODUCT_MM))),
  widthMm: optional(number('widthMm').pipe(shippingSizeField('widthMm', MAX_PRODUCT_MM))),
  heightMm: optional(number('heightMm').pipe(shippingSizeField('heightMm', MAX_PRODUCT_MM))),
  // As priceBreaks: an empty cell means something, no replacement (it clears one).
  supersededBy: supersededByField.optional(),
  // Issue 37: the core deposit per piece in dollars (0: none), and its return window in days.
  coreDeposit: optional(
    number('coreDeposit').pipe(
      z
        .number()
        .min(0, 'coreDeposit: 0 (none) or more')
        .max(100_000, 'coreDeposit: at most 100000')
        .refine((dollars) => Number.isInteger(Math.round(dollars * 100 * 1e6) / 1e6), {
          message: 'coreDeposit: whole cents (at most two decimals)',
        }),
    ),
  ),
  coreReturnDays: optional(
    number('coreReturnDays').pipe(
      z
        .number()
        .int('coreReturnDays: a whole number of days')
        .min(1, 'coreReturnDays: at least 1')
        .max(3650, 'coreReturnDays: at most 3650'),
    ),
  ),
});
export type CatalogCsvLine = z.output<typeof catalogCsvLine>;

function tryParse<T>(text: string, context: z.RefinementCtx, parse: (text: string) => T): T {
  try {
    return parse(text);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
}

export const importReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** How many lines were refused; `rejections` lists the first MAX_REPORTED_REJECTIONS. */
  rejected: z.number().int(),
  rejections: z.array(importRejection),
  /** Why the import stopped before the end of the file (a line it cannot read past); else null. */
  stopped: z.string().nullable(),
});
export type ImportReport = z.infer<typeof importReport>;
