import { z } from 'zod';
import { CROSS_REFERENCE_KINDS, skuField, supersededByField } from './catalog-csv.ts';
import { coreDepositField, coreReturnDaysField } from './core-deposits.ts';
import { breakAbovePrice, packSizeField, priceBreakList } from './price-breaks.ts';
import { MAX_PRODUCT_QUANTITY, productFields } from './product-admin.ts';
import { maxOrderQuantityField, salesUnitField } from './sales-unit-fields.ts';
import { MAX_PRODUCT_GRAMS, MAX_PRODUCT_MM, shippingSizeField } from './shipping.ts';

const quantity = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(MAX_PRODUCT_QUANTITY, `${label} must be at most ${MAX_PRODUCT_QUANTITY}`);

export const productSlug = z
  .string()
  .trim()
  .max(120, 'slug: at most 120 characters')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'slug: lowercase letters, digits and hyphens, like ball-bearing-6204',
  );

export const productAttributeInput = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,40}$/, 'a specification name is a-z, 0-9 and _, up to 40'),
  value: z.string().trim().min(1, 'a specification needs a value').max(100),
  num: z.number().finite().nullable(),
  unit: z.string().trim().max(16).nullable(),
});

/**
 * `PATCH /api/v1/tools/{id}` (admin, issue 16): the fields to change, and only those. Stock is
 * set to `availableQuantity` when it is sent; left out, orders keep taking from the live stock.
 * `mpn: ''` clears the manufacturer's number; `attributes`, `crossReferences` and `priceBreaks`
 * replace the lists (`priceBreaks: []` takes volume pricing off). Every break must undercut the
 * price: checked here when both are sent, and by the server against the stored one otherwise.
 */
export const productEditMessages = {
  maximumBelowMinimum: 'Maximum per order must be at least the minimum order quantity',
} as const;

export const updateProductRequest = z
  .object({
    sku: skuField,
    name: productFields.shape.name,
    /** The product page's URL name: changing it leaves the old URL answering 301 (issue 17). */
    slug: productSlug,
    mpn: z.string().trim().max(60, 'MPN must be at most 60 characters'),
    brand: z.string().trim().min(1, 'Brand must not be empty').max(80),
    category: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'category: a category slug, like ball-bearings'),
    price: productFields.shape.price,
    minimumOrderQuantity: quantity('Minimum', 1),
    availableQuantity: quantity('Quantity', 0),
    // May stay empty: a product imported without one has none to keep.
    description: z.string().trim().max(2000, 'Description must be at most 2,000 characters'),
    attributes: z
      .array(productAttributeInput)
      .max(50)
      .refine(
        (list) => new Set(list.map((a) => a.name)).size === list.length,
        'a specification is given twice',
      ),
    crossReferences: z
      .array(
        z.object({ kind: z.enum(CROSS_REFERENCE_KINDS), number: z.string().trim().min(1).max(60) }),
      )
      .max(50),
    /** Volume pricing (issue 18), the smallest quantity first. */
    priceBreaks: priceBreakList,
    /** Sold in packs of this many: a cart's quantity is a multiple of it. */
    packSize: packSizeField,
    /** Issue 35: what it sells in, and the most one order takes (null: no limit). */
    salesUnit: salesUnitField,
    maxOrderQuantity: maxOrderQuantityField,
    /** Issue 33: shipping weight (grams) and packed size (mm) of one piece. */
    weightGrams: shippingSizeField('weightGrams', MAX_PRODUCT_GRAMS),
    lengthMm: shippingSizeField('lengthMm', MAX_PRODUCT_MM),
    widthMm: shippingSizeField('widthMm', MAX_PRODUCT_MM),
    heightMm: shippingSizeField('heightMm', MAX_PRODUCT_MM),
    /** Issue 36: the SKU of the product that replaces this one; '' takes the replacement off. */
    supersededBy: supersededByField,
    /** Issue 37: the core deposit per piece (dollars, 0: none) and its return window in days. */
    coreDeposit: coreDepositField,
    coreReturnDays: coreReturnDaysField,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change: send at least one field')
  .superRefine((body, context) => {
    if (
      body.maxOrderQuantity != null &&
      body.minimumOrderQuantity !== undefined &&
      body.maxOrderQuantity < body.minimumOrderQuantity
    )
      context.addIssue({
        code: 'custom',
        path: ['maxOrderQuantity'],
        message: productEditMessages.maximumBelowMinimum,
      });
    if (body.priceBreaks === undefined || body.price === undefined) return;
    const above = breakAbovePrice(body.priceBreaks, body.price);
    if (above)
      context.addIssue({
        code: 'custom',
        path: ['priceBreaks', above.index, 'price'],
        message: above.message,
      });
  });
export type UpdateProductRequest = z.infer<typeof updateProductRequest>;
