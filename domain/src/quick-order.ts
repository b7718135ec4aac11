import { z } from 'zod';
import { vehicleId } from './fitment.ts';
import { quickOrderTextProblem } from './quick-order-text.ts';
import { SALES_UNITS } from './sales-units.ts';

/**
 * Quick order's API (issue 18): the text sent, and each line as matched. The text is read by
 * quick-order-parse.ts (in the browser too, to say early what is wrong); the lines are matched by
 * the server's `features/cart/quick-order-match.ts`.
 */

export const QUICK_ORDER_STATUSES = [
  'ok',
  'not_found',
  'below_minimum',
  'above_stock',
  'not_pack',
  'above_maximum',
  'invalid',
  /** Issue 36: the part is replaced; the line names the replacement (the end of the chain). */
  'superseded',
  /** Issue 35: found, but the buyer's company's restricted catalog leaves it out. */
  'not_in_catalog',
] as const;
export type QuickOrderStatus = (typeof QUICK_ORDER_STATUSES)[number];

/** `POST /cart/quick-order`: the pasted text or the CSV file's content; `add` puts the ok lines in the cart. */
export const quickOrderRequest = z.object({
  text: z.string().superRefine((text, context) => {
    const problem = quickOrderTextProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  add: z.boolean().default(false),
  /** A vehicle's id (issue 20): each matched line then says whether its part fits it (`fits`). */
  vehicle: vehicleId.optional(),
});
export type QuickOrderRequest = z.infer<typeof quickOrderRequest>;

export const quickOrderSuggestion = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
});
export type QuickOrderSuggestion = z.infer<typeof quickOrderSuggestion>;

export const quickOrderLine = z.object({
  line: z.number().int(),
  input: z.string(),
  status: z.enum(QUICK_ORDER_STATUSES),
  /**
   * The matched product: null when not found or invalid. For `superseded`, the replacement (the
   * product to order instead), and `replaces` is the SKU the line named.
   */
  productId: z.string().nullable(),
  sku: z.string().nullable(),
  name: z.string().nullable(),
  /**
   * Issue 35: the buyer's company's own number for the matched product (whether the line typed
   * it or the SKU); null when it keeps none, or nothing matched.
   */
  customerPartNumber: z.string().nullable(),
  /** As typed; for a matched line without one, the product's minimum order quantity. */
  quantity: z.number().int().nullable(),
  /** What is wrong, or what to know (the same part on another line); null when nothing. */
  message: z.string().nullable(),
  /** For `not_found`: up to 3 products with a similar number ("did you mean"). */
  suggestions: z.array(quickOrderSuggestion),
  /** The matched product's minimum (what `below_minimum` offers to round up to); else null. */
  minimumOrderQuantity: z.number().int().nullable(),
  /** The matched product's stock (the most `above_stock` can ask for); else null. */
  availableQuantity: z.number().int().nullable(),
  /** The matched product's pack: it sells in multiples of this many; else null. */
  packSize: z.number().int().nullable(),
  /** Issue 35: what the matched product sells in, and the most one order takes; else null. */
  salesUnit: z.enum(SALES_UNITS).nullable(),
  maxOrderQuantity: z.number().int().nullable(),
  /**
   * For `below_minimum` and `not_pack`: this line's quantity that brings the product's lines to
   * its minimum in whole packs ("Round up to 20"); else null.
   */
  roundedQuantity: z.number().int().nullable(),
  /**
   * Dollars a piece, as the cart will price it: the buyer's tier price for the quantity asked of
   * this product on all lines. Null when nothing matched or the quantity is unknown.
   */
  unitPrice: z.number().nullable(),
  /** Dollars: this line's quantity at `unitPrice`. */
  lineTotal: z.number().nullable(),
  /** Issue 35: dollars, the matched product's list price (before tiers and contract prices). */
  listPrice: z.number().nullable().default(null),
  /** Issue 35: where `unitPrice` came from (decision 038); null when nothing is priced. */
  priceSource: z.enum(['contract', 'tier', 'list']).nullable().default(null),
  /**
   * Asked with `vehicle` (issue 20): whether the matched part fits it; null when the part has no
   * fitment data (not a vehicle part) or the line matched nothing. Absent without `vehicle`.
   */
  fits: z.boolean().nullable().optional(),
  /** Issue 36, for `superseded`: the SKU of the replaced part the line named; else null. */
  replaces: z.string().nullable().default(null),
});
export type QuickOrderLine = z.infer<typeof quickOrderLine>;

export const quickOrderResult = z.object({
  lines: z.array(quickOrderLine),
  /** Dollars: what the ready (`ok`) lines cost, what "Add all valid lines" puts in the cart. */
  total: z.number(),
});
export type QuickOrderResult = z.infer<typeof quickOrderResult>;
