/**
 * What pricing needs of a cart line: the cart's priced read (`PricedRow`, cart-repository.ts)
 * has it, and so has a line remembered from an earlier answer (priced-cart-hint.ts).
 */
export interface PricedLine {
  productId: string;
  quantity: number;
  unitCents: number;
  weightGrams: number;
  depositCents?: number;
}
