/**
 * A product whose stock is below its minimum order cannot be bought (the server refuses such an
 * order): the card and the purchase page say "Out of stock" instead of offering a dead form.
 * Zod-free, like description.ts: the home page's cards import it.
 */
export const isOutOfStock = (product: {
  availableQuantity: number;
  minimumOrderQuantity: number;
}) => product.availableQuantity < product.minimumOrderQuantity;

/** Issue 36: "12 in Leeds, 40 in Rotterdam": the warehouses holding some (public names). */
export const stockSentence = (stock: { warehouse: string; quantity: number }[]) =>
  stock
    .filter((level) => level.quantity > 0)
    .map((level) => `${level.quantity.toLocaleString('en-US')} in ${level.warehouse}`)
    .join(', ');
