import {
  formatAttributes,
  formatCrossReferences,
  parseAttributes,
  parseCrossReferences,
  skuField,
  supersededByField,
} from '@proper-parts/domain/catalog-csv';
import type { CatalogProduct } from '@proper-parts/domain/catalog-search';
import { coreDepositField, coreReturnDaysField } from '@proper-parts/domain/core-deposits';
import { breakAbovePrice, packSizeField, priceBreakList } from '@proper-parts/domain/price-breaks';
import { productFields } from '@proper-parts/domain/product-admin';
import { productEditMessages, productSlug } from '@proper-parts/domain/product-edit';
import { maxOrderQuantityField, salesUnitField } from '@proper-parts/domain/sales-unit-fields';
import {
  MAX_PRODUCT_GRAMS,
  MAX_PRODUCT_MM,
  shippingSizeField,
} from '@proper-parts/domain/shipping';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { fieldOfServerMessage } from '../../../lib/field-of-server-message';

/** One specification or cross-reference per line, in the CSV's syntax (README). */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('; ');

const parsedText = <T>(parse: (text: string) => T) =>
  z.string().transform((text, context) => {
    try {
      return parse(lines(text));
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

export const editProductForm = z
  .object({
    sku: skuField,
    name: productFields.shape.name,
    slug: productSlug,
    mpn: z.string().trim().max(60, 'MPN must be at most 60 characters'),
    brand: z.string().trim().max(80),
    category: z.string(),
    price: productFields.shape.price,
    minimumOrderQuantity: productFields.shape.minimumOrderQuantity,
    availableQuantity: productFields.shape.availableQuantity,
    // May stay empty: a product imported without one has none to keep.
    description: z.string().trim().max(2000, 'Description must be at most 2,000 characters'),
    attributes: parsedText(parseAttributes),
    crossReferences: parsedText(parseCrossReferences),
    priceBreaks: priceBreakList,
    packSize: packSizeField,
    /** Issue 35: what it sells in, and the most one order takes (null: no limit). */
    salesUnit: salesUnitField,
    maxOrderQuantity: maxOrderQuantityField,
    /** Issue 33: one piece's shipping weight (grams) and packed size (mm). */
    weightGrams: shippingSizeField('Shipping weight', MAX_PRODUCT_GRAMS),
    lengthMm: shippingSizeField('Length', MAX_PRODUCT_MM),
    widthMm: shippingSizeField('Width', MAX_PRODUCT_MM),
    heightMm: shippingSizeField('Height', MAX_PRODUCT_MM),
    /** Issue 36: the SKU of the product that replaces this one; empty for none. */
    supersededBy: supersededByField,
    /** Issue 37: the core deposit per piece (dollars, 0: none) and its return window. */
    coreDeposit: coreDepositField,
    coreReturnDays: coreReturnDaysField,
  })
  .superRefine(
    (form, context) => {
      if (form.maxOrderQuantity !== null && form.maxOrderQuantity < form.minimumOrderQuantity)
        context.addIssue({
          code: 'custom',
          path: ['maxOrderQuantity'],
          message: productEditMessages.maximumBelowMinimum,
        });
      const above = breakAbovePrice(form.priceBreaks, form.price);
      if (above)
        context.addIssue({
          code: 'custom',
          path: ['priceBreaks', above.index, 'price'],
          message: above.message,
        });
    },
    // With the other fields' messages, not after them (an empty number compares as no price).
    { when: ({ value }) => Array.isArray((value as { priceBreaks?: unknown }).priceBreaks) },
  );
export type EditProductFormInput = z.input<typeof editProductForm>;
export type EditProductFormValues = z.output<typeof editProductForm>;
export type EditProductField = keyof EditProductFormInput;

/** The form's values for a product as the catalog answers it. */
export const productFormValues = (product: CatalogProduct): EditProductFormInput => ({
  sku: product.sku,
  name: product.name,
  slug: product.slug,
  mpn: product.mpn ?? '',
  brand: product.brand?.name ?? '',
  category: product.category?.slug ?? '',
  price: product.price,
  minimumOrderQuantity: product.minimumOrderQuantity,
  availableQuantity: product.availableQuantity,
  description: product.description,
  attributes: formatAttributes(product.attributes).replaceAll('; ', '\n'),
  crossReferences: formatCrossReferences(product.crossReferences).replaceAll('; ', '\n'),
  priceBreaks: product.priceBreaks,
  packSize: product.packSize,
  salesUnit: product.salesUnit,
  maxOrderQuantity: product.maxOrderQuantity,
  weightGrams: product.weightGrams,
  lengthMm: product.lengthMm,
  widthMm: product.widthMm,
  heightMm: product.heightMm,
  supersededBy: product.replacedBySku ?? '',
  coreDeposit: product.coreDeposit,
  coreReturnDays: product.coreReturnDays,
});

/** Which field a server message is about: "sku: …", "priceBreaks.1.price: …". */
export const fieldOfMessage = (message: string) =>
  fieldOfServerMessage<FieldPath<EditProductFormInput>>(
    message,
    Object.keys(editProductFieldNames),
  );
const editProductFieldNames: Record<EditProductField, true> = {
  sku: true,
  name: true,
  slug: true,
  mpn: true,
  brand: true,
  category: true,
  price: true,
  minimumOrderQuantity: true,
  availableQuantity: true,
  description: true,
  attributes: true,
  crossReferences: true,
  priceBreaks: true,
  packSize: true,
  salesUnit: true,
  maxOrderQuantity: true,
  weightGrams: true,
  lengthMm: true,
  widthMm: true,
  heightMm: true,
  supersededBy: true,
  coreDeposit: true,
  coreReturnDays: true,
};
