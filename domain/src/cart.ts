import { z } from 'zod';
import { structuredAddress } from './addresses.ts';
import { MAX_VISITOR_CART_LINES } from './cart-rules.ts';
import { MAX_ORDER_QUANTITY, PAYMENT_TERMS, quantityField } from './orders.ts';
import { SALES_UNITS } from './sales-units.ts';
import { shippingOption } from './shipping.ts';
import { taxLine } from './tax.ts';

export * from './cart-rules.ts';

/**
 * Business buying (issue 18): the cart, checkout of the cart as one order, and saved lists.
 * Prices are computed by the server only (`pp_unit_price_cents`, migration 0010): nothing here
 * takes a price from the client.
 */

export const productIdParams = z.object({ productId: z.uuid({ message: 'Unknown product id' }) });

/** `PUT /cart/lines/{productId}`: the line's new quantity (not added to what is there). */
export const setCartLineRequest = z.object({ quantity: quantityField });
export type SetCartLineRequest = z.infer<typeof setCartLineRequest>;

const wantedLine = z.object({
  productId: z.uuid({ message: 'Unknown product id' }),
  quantity: z.number().int().min(1).max(MAX_ORDER_QUANTITY),
});

/**
 * `POST /cart/preview` (a visitor's cart, kept in the browser, priced by the server) and
 * `POST /cart/merge` (that cart, added to the signed-in buyer's on sign-in).
 */
export const cartLinesRequest = z.object({
  lines: z
    .array(wantedLine)
    .max(
      MAX_VISITOR_CART_LINES,
      `A visitor's cart holds at most ${MAX_VISITOR_CART_LINES} lines: sign in for more`,
    ),
});
export type CartLinesRequest = z.infer<typeof cartLinesRequest>;

export const priceBreak = z.object({ minQuantity: z.number().int(), price: z.number() });
export type PriceBreak = z.infer<typeof priceBreak>;

/** Issue 36: a replacement as a cart, a saved list or a reorder names it. */
export const replacementRef = z.object({
  productId: z.string(),
  sku: z.string(),
  slug: z.string(),
});
export type ReplacementRef = z.infer<typeof replacementRef>;

export const cartLine = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Dollars, at this quantity (its tier price when it reaches a break). */
  unitPrice: z.number(),
  lineTotal: z.number(),
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  packSize: z.number().int(),
  /** Issue 35: what it sells in (sales-units.ts), and the most one order takes (null: no limit). */
  salesUnit: z.enum(SALES_UNITS),
  maxOrderQuantity: z.number().int().nullable(),
  /** Issue 35: the buyer's company's own number for the product; null when none (a visitor). */
  customerPartNumber: z.string().nullable(),
  /** Issue 35: dollars, the list price before tiers and contract prices. */
  listPrice: z.number().optional(),
  /** Issue 35: where `unitPrice` came from (decision 038). */
  priceSource: z.enum(['contract', 'tier', 'list']).optional(),
  /** What stops this line from being ordered as it is ("Only 12 left", "Minimum 50"). */
  problem: z.string().nullable(),
  /**
   * Issue 36: the product that replaces this line's (the end of its chain), which the cart offers
   * to swap it for; null when it is not replaced.
   */
  supersededBy: replacementRef.nullable().default(null),
  /**
   * Issue 36: pieces of the line above the stock on hand, backordered (0: none), and when they are
   * expected (YYYY-MM-DD; null when none are backordered).
   */
  backordered: z.number().int().default(0),
  expectedOn: z.string().nullable().default(null),
  /**
   * Issue 37: the core deposit per piece (dollars; 0: none): the order adds it as a line of its
   * own, refunded when the old unit comes back within the product's core return window.
   */
  coreDeposit: z.number().default(0),
  coreReturnDays: z.number().int().default(90),
});
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.object({
  lines: z.array(cartLine),
  /**
   * Dollars: the sum of the line totals and their core deposits. Taxes and shipping are quoted
   * separately.
   */
  total: z.number(),
  /** Issue 37: the core deposits in `total` (dollars). */
  deposits: z.number().default(0),
});
export type Cart = z.infer<typeof cart>;

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

export const shippingMethodCode = z
  .string()
  .trim()
  .max(40, 'shippingMethod: at most 40 characters')
  .regex(/^[a-z0-9-]*$/, 'shippingMethod: lowercase letters, digits and hyphens');

/** `POST /cart/quote`: what my cart comes to shipped there, by the method chosen (or the cheapest). */
export const cartQuoteRequest = z.object({
  shipTo: structuredAddress,
  shippingMethod: shippingMethodCode.optional(),
});
export type CartQuoteRequest = z.output<typeof cartQuoteRequest>;

/** A cart line with its tax (dollars). */
export const quotedLine = cartLine.extend({
  tax: z.number(),
  /** Issue 37: the tax of the line's core deposit (dollars), taxed as the part is. */
  depositTax: z.number().default(0),
});

/** The quote: every amount in dollars, computed once by the server from cents. */
export const cartQuote = z.object({
  lines: z.array(quotedLine),
  subtotal: z.number(),
  /** Issue 37: the core deposits of the lines, before tax (their tax is in `tax`). */
  deposits: z.number().default(0),
  shippingMethods: z.array(shippingOption),
  /** The method the amounts below are for; null when the shop has no methods. */
  shippingMethod: z.string().nullable(),
  /** Null while the shop quotes the freight itself (the order then waits for its price). */
  freight: z.number().nullable(),
  taxes: z.array(taxLine),
  tax: z.number(),
  total: z.number(),
  taxNote: z.string().nullable(),
});
export type CartQuote = z.infer<typeof cartQuote>;

/**
 * `POST /orders`: places the cart as one order. Issue 33: `shipTo` (structured) and
 * `shippingMethod` price freight and tax; the one-line `address` is for clients written before
 * it (their orders carry no freight or tax: decision 035).
 */
export const checkoutRequest = z
  .object({
    shipTo: structuredAddress.optional(),
    shippingMethod: shippingMethodCode.optional(),
    address: z.string().trim().max(300, 'Address must be at most 300 characters').default(''),
    phone: z
      .string()
      .trim()
      .max(30, 'Phone must be at most 30 characters')
      .regex(/^[0-9+()\-.\s]*$/, 'Phone may contain digits, spaces and + ( ) - . only')
      .default(''),
    poNumber: optionalText(50, 'PO number'),
    note: optionalText(1000, 'Note'),
    /**
     * Issue 19: `account` pays on the company's terms (net 15/30/60): invoiced at once, due later,
     * within the company's credit. A PO number is then required.
     */
    paymentTerms: z
      .enum(PAYMENT_TERMS, { error: 'Payment must be card or account' })
      .default('card'),
    /**
     * Issue 36: the buyer accepts that lines above the stock ship the rest when it comes in
     * (each line's `backordered`, `expectedOn` in the cart). Without it such a cart is refused.
     */
    acceptBackorder: z.boolean().optional(),
  })
  .refine((body) => body.paymentTerms !== 'account' || Boolean(body.poNumber), {
    message: 'A PO number is required to pay on account',
    path: ['poNumber'],
  })
  .refine((body) => body.shipTo || body.address, {
    message: 'Address is required',
    path: ['address'],
  })
  .refine((body) => body.shipTo || body.phone, { message: 'Phone is required', path: ['phone'] });
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** `POST /orders/{id}/reorder`: what went into the cart, and what changed since the order. */
export const reorderResult = z.object({
  cart,
  added: z.number().int(),
  notSold: z.array(z.object({ sku: z.string(), name: z.string() })),
  priceChanged: z.array(
    z.object({ sku: z.string(), name: z.string(), was: z.number(), now: z.number() }),
  ),
  /** Issue 36: lines whose part is replaced went into the cart as their replacement. */
  replaced: z.array(z.object({ sku: z.string(), replacementSku: z.string() })).default([]),
});
export type ReorderResult = z.infer<typeof reorderResult>;

export const saveListRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'List name is required')
    .max(80, 'List name must be at most 80 characters'),
});
export type SaveListRequest = z.infer<typeof saveListRequest>;

export const savedListSummary = z.object({
  _id: z.string(),
  name: z.string(),
  lineCount: z.number().int(),
  updatedAt: z.string(),
});
export type SavedListSummary = z.infer<typeof savedListSummary>;

export const savedList = savedListSummary.extend({
  lines: z.array(
    z.object({
      productId: z.string(),
      sku: z.string(),
      name: z.string(),
      slug: z.string(),
      quantity: z.number().int(),
      /** Issue 36: the product that replaces this line's, or null. */
      supersededBy: replacementRef.nullable().default(null),
      /**
       * Issue 35: dollars a piece at the line's quantity, as the cart would price it for the owner
       * today (their contract price where lower), the list price, and where the price came from.
       */
      unitPrice: z.number().nullable().default(null),
      listPrice: z.number().nullable().default(null),
      priceSource: z.enum(['contract', 'tier', 'list']).nullable().default(null),
    }),
  ),
});
export type SavedList = z.infer<typeof savedList>;

export const listIdParams = z.object({ id: z.uuid({ message: 'List not found' }) });
