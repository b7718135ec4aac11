import { z } from 'zod';
import { coreDepositLine } from './core-deposits.ts';

/** One line of an order (issue 18): what was sold, copied from the product when it was placed. */
export const orderLine = z.object({
  lineNo: z.number().int(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** Dollars. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** Pieces not taken from the stock, to follow (an accepted quote for more than the stock). */
  backordered: z.number().int().optional(),
  /** Issue 36: when the backordered pieces are expected (YYYY-MM-DD), when some are. */
  expectedOn: z.string().nullable().optional(),
  /** Issue 33: pieces of the line in shipments so far (absent: none). */
  shipped: z.number().int().optional(),
  /** Issue 33: the line's tax (dollars), every rate applied, rounded half up to the cent. */
  tax: z.number().optional(),
  /**
   * Issue 35: the buyer's company's own number for the product when the order was placed (kept:
   * a later edit of the company's numbers does not change it); null when it had none.
   */
  customerPartNumber: z.string().nullable().optional(),
  /**
   * Issue 35: dollars, the product's list price when the order was placed, where the buyer paid
   * less (a contract or tier price); null or absent otherwise. Struck through beside `unitPrice`.
   */
  listPrice: z.number().nullable().optional(),
  /**
   * Issue 36: where the line's pieces come from, per warehouse (public name), and how many of
   * them shipped; given when the shop has more than one warehouse.
   */
  picks: z
    .array(
      z.object({
        warehouseId: z.number().int(),
        warehouse: z.string(),
        quantity: z.number().int(),
        shipped: z.number().int(),
      }),
    )
    .optional(),
  /** Issue 37: the line's core deposit, shown as a line of its own; absent when it has none. */
  coreDeposit: coreDepositLine.optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** An invoice's number as printed: the year and the number within it, `2026-000042`. */
export const invoiceNumberOf = (year: number, numberInYear: number) =>
  `${year}-${String(numberInYear).padStart(6, '0')}`;
