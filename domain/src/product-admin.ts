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

/** `POST /api/v1/tools` (spec §7): `img` is an image this shop's upload answered. */
export const createToolRequest = withMinimumWithinStock(
  productFields.extend({
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
