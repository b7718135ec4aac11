import { z } from 'zod';
import { MAX_PRODUCT_PRICE, MAX_PRODUCT_QUANTITY } from './product-admin.ts';

/** Volume pricing (issue 18): a product has at most this many tiers after its base price. */
export const MAX_PRICE_BREAKS = 10;
/** Sold in packs of at most this many pieces. */
export const MAX_PACK_SIZE = 100_000;

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** A number the admin must give; `NaN` is what an empty number input reads as. */
const givenNumber = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || Number.isNaN(issue.input)
        ? `${label} is required`
        : `${label} must be a number`,
  });

/** From `minQuantity` pieces on, each costs `price` (dollars). */
export const priceBreakInput = z.object({
  minQuantity: givenNumber('From quantity')
    .int('From quantity must be a whole number')
    // A break from 1 would be the base price under another name.
    .min(2, 'From quantity must be at least 2')
    .max(
      MAX_PRODUCT_QUANTITY,
      `From quantity must be at most ${MAX_PRODUCT_QUANTITY.toLocaleString('en-US')}`,
    ),
  price: givenNumber('Unit price')
    .min(0, 'Unit price must not be negative')
    .max(
      MAX_PRODUCT_PRICE,
      `Unit price must be at most $${MAX_PRODUCT_PRICE.toLocaleString('en-US')}`,
    )
    .refine((dollars) => Number.isInteger(Math.round(dollars * 100 * 1e6) / 1e6), {
      message: 'Unit price must be in whole cents (at most two decimals)',
    }),
});
export type PriceBreakInput = z.infer<typeof priceBreakInput>;

/** Breaks each valid on its own, and not too many of them. */
export const priceBreakItems = z
  .array(priceBreakInput)
  .max(MAX_PRICE_BREAKS, `At most ${MAX_PRICE_BREAKS} price breaks`);

/**
 * A product's breaks, the smallest quantity first: each from more pieces than the one before and
 * cheaper than it, so that buying more never costs more per piece. Messages carry the path of
 * the break they are about (`priceBreaks.1.price: …`).
 */
export const priceBreakList = priceBreakItems.superRefine(
  (breaks, context) => {
    breaks.forEach((current, i) => {
      const before = breaks[i - 1];
      if (!before || !isPriceBreak(before) || !isPriceBreak(current)) return;
      if (current.minQuantity <= before.minQuantity)
        context.addIssue({
          code: 'custom',
          path: [i, 'minQuantity'],
          message: `From quantity must be more than ${before.minQuantity}, the break above`,
        });
      else if (cents(current.price) >= cents(before.price))
        context.addIssue({
          code: 'custom',
          path: [i, 'price'],
          message: `Unit price must be below ${money(before.price)}, the price from ${before.minQuantity}`,
        });
    });
  },
  // Also when a row is bad on its own: a form shows every message at once.
  { when: ({ value }) => Array.isArray(value) },
);

/** A break whose two numbers were read, right or wrong: one the order can be checked on. */
function isPriceBreak(value: unknown): value is PriceBreakInput {
  const b = value as Partial<PriceBreakInput> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    Number.isFinite(b.minQuantity) &&
    Number.isFinite(b.price)
  );
}

/**
 * The first break that does not undercut the base price (dollars), with why; undefined when
 * every one does. Checked wherever the price or the breaks change, as they may change apart.
 */
export function breakAbovePrice(
  breaks: PriceBreakInput[],
  price: number,
): { index: number; message: string } | undefined {
  const index = breaks.findIndex((b) => cents(b.price) >= cents(price));
  if (index < 0) return undefined;
  return { index, message: `Unit price must be below the base price, ${money(price)}` };
}

/**
 * Why these breaks cannot go with this base price: the first rule broken, with the break it is
 * about (undefined: about the list); undefined when they can.
 */
export function priceBreaksProblem(
  breaks: PriceBreakInput[],
  price: number,
): { index?: number; message: string } | undefined {
  const checked = priceBreakList.safeParse(breaks);
  if (checked.success) return breakAbovePrice(breaks, price);
  const [issue] = checked.error.issues;
  const at = issue?.path[0];
  return { index: typeof at === 'number' ? at : undefined, message: issue?.message ?? 'invalid' };
}

/** Two lists of breaks are the same tiers at the same cents. */
export const sameBreaks = (a: PriceBreakInput[], b: PriceBreakInput[]) =>
  a.length === b.length &&
  a.every(
    (x, i) => x.minQuantity === b[i]?.minQuantity && cents(x.price) === cents(b[i]?.price ?? NaN),
  );

export const packSizeField = givenNumber('Pack size')
  .int('Pack size must be a whole number')
  .min(1, 'Pack size must be at least 1')
  .max(MAX_PACK_SIZE, `Pack size must be at most ${MAX_PACK_SIZE.toLocaleString('en-US')}`);
