import { type BackorderTerms, backorderablePieces } from './backorder-rules.ts';
import { formatCount } from './format.ts';
import { maximumPhrase, packPhrase, type SalesUnit } from './sales-units.ts';

/**
 * The cart's limits, messages and line rule (issue 18), zod-free: the navbar's cart badge and
 * the visitor's cart read them in the entry chunk, where zod is not loaded.
 */

/** The most lines one cart (or saved list) holds: a quick order's largest paste. */
export const MAX_CART_LINES = 10_000;
/** The most lines a visitor's cart (kept in the browser, priced by a public route) holds. */
export const MAX_VISITOR_CART_LINES = 200;

export const cartMessages = {
  productNotFound: 'This part is not sold any more',
  cartFull: `A cart holds at most ${formatCount(MAX_CART_LINES)} lines`,
  cartEmpty: 'Your cart is empty',
  notInCart: 'This part is not in your cart',
  cartChanged:
    'Some lines of your cart cannot be ordered as they are. Nothing was ordered: fix the lines marked in red and try again.',
  adminsDoNotBuy: 'Admins cannot place orders',
  listNotFound: 'List not found',
  listNameTaken: 'You already have a list with this name',
  minimum: (min: number) => `Minimum ${formatCount(min)}`,
  onlyLeft: (available: number) =>
    available === 0 ? 'Out of stock' : `Only ${formatCount(available)} left`,
  packOf: (pack: number, unit: SalesUnit = 'each') =>
    packPhrase(pack, unit) ?? `Sold in packs of ${formatCount(pack)}`,
  maximum: (max: number, unit: SalesUnit = 'each') => maximumPhrase(max, unit),
  placed: (id: string) => `Thanks for your order. Your order id is ${id}`,
  reordered: (added: number) =>
    `${formatCount(added)} ${added === 1 ? 'line' : 'lines'} added to your cart`,
} as const;

/**
 * Why a line cannot be ordered at this quantity, as the cart shows it; null when it can.
 * The server checks the same rule again, under lock, when the order is placed.
 */
export function cartLineProblem(
  quantity: number,
  product: {
    minimumOrderQuantity: number;
    availableQuantity: number;
    packSize: number;
    /** Issue 35: what it is sold in, and the most one order takes (null: no limit). */
    salesUnit?: SalesUnit;
    maxOrderQuantity?: number | null;
    /** Issue 36: a line above the stock is fine when the rest can be backordered. */
    backorder?: BackorderTerms;
  },
): string | null {
  if (quantity < product.minimumOrderQuantity)
    return cartMessages.minimum(product.minimumOrderQuantity);
  if (product.maxOrderQuantity != null && quantity > product.maxOrderQuantity)
    return cartMessages.maximum(product.maxOrderQuantity, product.salesUnit);
  if (quantity > product.availableQuantity) {
    const more = backorderablePieces(product.backorder);
    if (quantity - Math.max(0, product.availableQuantity) > more)
      return cartMessages.onlyLeft(product.availableQuantity + more);
  }
  if (quantity % product.packSize !== 0)
    return cartMessages.packOf(product.packSize, product.salesUnit);
  return null;
}

/** A line a client asks for: a product and a quantity (never a price). */
export interface WantedLine {
  productId: string;
  quantity: number;
}
