import type { Cart, CartLine, ReplacementRef } from '@proper-parts/domain/cart';
import { SALES_UNITS } from '@proper-parts/domain/sales-units';
import {
  listOf,
  nullable,
  objectOf,
  oneOf,
  optional,
  type Parser,
  withDefault,
} from '../../lib/plain-shape';

/**
 * The priced cart (`GET /cart`, a line's change, `POST /cart/preview`) as the domain's `cart`
 * schema has it, checked without zod: "Add to cart" is on the public catalog pages.
 */
/** A finite number (zod's `z.number()`). */
const numberParser: Parser<number> = {
  safeParse: (value) =>
    typeof value === 'number' && Number.isFinite(value)
      ? { success: true, data: value }
      : { success: false },
};

const integerParser: Parser<number> = {
  safeParse: (value) =>
    Number.isSafeInteger(value) ? { success: true, data: value as number } : { success: false },
};
const stringParser: Parser<string> = {
  safeParse: (value) =>
    typeof value === 'string' ? { success: true, data: value } : { success: false },
};

export const cartShape: Parser<Cart> = objectOf<Cart>({
  lines: listOf<CartLine>({
    productId: 'string',
    sku: 'string',
    name: 'string',
    slug: 'string',
    img: 'string',
    quantity: 'integer',
    unitPrice: 'number',
    lineTotal: 'number',
    minimumOrderQuantity: 'integer',
    availableQuantity: 'integer',
    packSize: 'integer',
    salesUnit: oneOf(SALES_UNITS),
    maxOrderQuantity: 'integer or null',
    customerPartNumber: 'string or null',
    problem: 'string or null',
    listPrice: optional(numberParser),
    priceSource: optional(oneOf(['contract', 'tier', 'list'] as const)),
    // Issue 36; `.default(null)` in the domain: an answer without it reads as none.
    supersededBy: withDefault(
      nullable(objectOf<ReplacementRef>({ productId: 'string', sku: 'string', slug: 'string' })),
      null,
    ),
    // Issue 36: the backordered pieces and when they are expected; absent: none.
    backordered: withDefault(integerParser, 0),
    expectedOn: withDefault(nullable(stringParser), null),
    // Issue 37; `.default()` in the domain: an answer without them reads as no deposit.
    coreDeposit: withDefault(numberParser, 0),
    coreReturnDays: withDefault(numberParser, 90),
  }),
  total: 'number',
  deposits: withDefault(numberParser, 0),
});
