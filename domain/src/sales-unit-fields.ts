import { z } from 'zod';
import { MAX_ORDER_QUANTITY } from './orders.ts';
import { SALES_UNITS } from './sales-units.ts';

/** Issue 35: the product fields of sales-units.ts, as the edit form, the API and the CSV read them. */
export const salesUnitField = z.enum(SALES_UNITS, {
  error: `Unit: one of ${SALES_UNITS.join(', ')}`,
});

/** The most one order takes of a product; null: no limit but the stock. */
export const maxOrderQuantityField = z
  .number({ error: 'Maximum per order must be a number' })
  .int('Maximum per order must be a whole number')
  .min(1, 'Maximum per order must be at least 1')
  .max(
    MAX_ORDER_QUANTITY,
    `Maximum per order must be at most ${MAX_ORDER_QUANTITY.toLocaleString('en-US')}`,
  )
  .nullable();
