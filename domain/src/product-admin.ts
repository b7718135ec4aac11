import { z } from 'zod';
import { messages } from './messages.ts';

/** Upload rules (spec §7 image upload; issue 7): what the server takes and what it makes of it. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
export const UPLOADED_IMAGE_MAX_WIDTH = 1600;
export const UPLOADED_IMAGE_MAX_HEIGHT = 3200;
/** The types the file picker offers; the server recognises them by their bytes, not this list. */
export const UPLOAD_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
/** What `POST /uploads` answers: our own re-encoded file, served from this origin. */
export const UPLOADED_IMAGE_PATH = /^\/uploads\/[0-9a-f]{32}\.webp$/;

export const MAX_PRODUCT_NAME = 120;
export const MAX_PRODUCT_DESCRIPTION = 2000;
/** Stock and order sizes stay far inside PostgreSQL's integer. */
export const MAX_PRODUCT_QUANTITY = 1_000_000_000;
/** $1,000,000 is 100,000,000 cents: inside an integer column with room to spare. */
export const MAX_PRODUCT_PRICE = 1_000_000;

const requiredText = (required: string, notText: string, max: number, tooLong: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : notText) })
    .trim()
    .min(1, required)
    .max(max, tooLong);

/** A number the user must give; `NaN` is what an empty number input reads as. */
const requiredNumber = (required: string, label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || Number.isNaN(issue.input)
        ? required
        : `${label} must be a number`,
  });

const wholeNumber = (required: string, label: string, min: number) =>
  requiredNumber(required, label)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(
      MAX_PRODUCT_QUANTITY,
      `${label} must be at most ${MAX_PRODUCT_QUANTITY.toLocaleString('en-US')}`,
    );

/**
 * The product's own fields, shared by `POST /tools` and the Add A Product form (which sends an
 * image file instead of `img`). Spec §5 messages; quantities are whole numbers; the price is in
 * dollars with at most two decimals, because the database keeps whole cents.
 */
export const productFields = z.object({
  name: requiredText(
    messages.nameRequired,
    messages.nameNotText,
    MAX_PRODUCT_NAME,
    `Name must be at most ${MAX_PRODUCT_NAME} characters`,
  ),
  description: requiredText(
    messages.descriptionRequired,
    'Description must be text',
    MAX_PRODUCT_DESCRIPTION,
    `Description must be at most ${MAX_PRODUCT_DESCRIPTION.toLocaleString('en-US')} characters`,
  ),
  minimumOrderQuantity: wholeNumber(messages.minimumRequired, 'Minimum', 1),
  availableQuantity: wholeNumber(messages.quantityRequired, 'Quantity', 0),
  price: requiredNumber(messages.priceRequired, 'Price')
    .positive('Price must be more than 0')
    .max(MAX_PRODUCT_PRICE, `Price must be at most $${MAX_PRODUCT_PRICE.toLocaleString('en-US')}`)
    .refine((dollars) => Number.isInteger(Math.round(dollars * 100 * 1e6) / 1e6), {
      message: 'Price must be in whole cents (at most two decimals)',
    }),
});

type ProductQuantities = { minimumOrderQuantity: number; availableQuantity: number };

/** Cross-field rule: nobody can order a product whose minimum order exceeds its stock. */
export function withMinimumWithinStock<T extends z.ZodType<ProductQuantities>>(schema: T) {
  return schema.refine((p) => p.minimumOrderQuantity <= p.availableQuantity, {
    message: messages.minimumAboveQuantity,
    path: ['minimumOrderQuantity'],
  });
}

/** An optional text field: an empty one is left out, as if it had not been sent. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

/**
 * The catalog fields Add A Product may also send (issue 16); left out, the shop makes the SKU
 * (`PP-` and 10 hex digits) and the product has no brand or category yet.
 */
export const productCatalogFields = {
  sku: optionalText(
    z
      .string()
      .trim()
      .max(60, 'SKU must be at most 60 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/ -]*$/, 'SKU: letters, digits and . _ / - only'),
  ),
  brand: optionalText(z.string().trim().max(80, 'Brand must be at most 80 characters')),
  category: optionalText(
    z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Category: a category slug, like ball-bearings'),
  ),
};

/** A SKU suggested from a product's name: its words' first letters and its numbers. */
export function suggestSku(name: string): string {
  const words = name.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  const letters = words
    .filter((w) => /^[A-Z]/.test(w) && !/\d/.test(w))
    .map((w) => w.slice(0, 3))
    .slice(0, 3);
  const numbers = words.filter((w) => /\d/.test(w)).slice(0, 2);
  return [...letters, ...numbers].join('-').slice(0, 40);
}

/** `POST /api/v1/tools` (spec §7): `img` is an image this shop's upload answered. */
export const createToolRequest = withMinimumWithinStock(
  productFields.extend({
    ...productCatalogFields,
    img: z
      .string({
        error: (issue) =>
          issue.input === undefined ? messages.imgRequired : messages.imgNotUploaded,
      })
      .trim()
      .min(1, messages.imgRequired)
      .regex(UPLOADED_IMAGE_PATH, messages.imgNotUploaded),
  }),
);
export type CreateToolRequest = z.infer<typeof createToolRequest>;

export const insertedIdResponse = z.object({ insertedId: z.string() });
export const deletedCountResponse = z.object({ deletedCount: z.number().int() });
export const uploadResponse = z.object({ url: z.string() });
