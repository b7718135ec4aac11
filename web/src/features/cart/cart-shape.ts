import type { Cart, CartLine } from '@proper-parts/domain/cart';
import { listOf, objectOf, type Parser } from '../../lib/plain-shape';

/**
 * The priced cart (`GET /cart`, a line's change, `POST /cart/preview`) as the domain's `cart`
 * schema has it, checked without zod: "Add to cart" is on the public catalog pages.
 */
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
    problem: 'string or null',
  }),
  total: 'number',
});
