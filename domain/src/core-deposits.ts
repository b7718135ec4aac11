import { z } from 'zod';

/**
 * Issue 37: core deposits of remanufactured parts. A product may carry a deposit per piece
 * (dollars in the API, cents in the database; 0: none) and the days after shipment within which
 * the old unit (the core) must come back for the deposit to be refunded.
 */
export const MAX_CORE_DEPOSIT = 100_000;
export const MAX_CORE_RETURN_DAYS = 3650;
export const DEFAULT_CORE_RETURN_DAYS = 90;

export const coreDepositField = z
  .number({ error: 'Core deposit must be a number' })
  .min(0, 'Core deposit must be 0 (none) or more')
  .max(
    MAX_CORE_DEPOSIT,
    `Core deposit must be at most $${MAX_CORE_DEPOSIT.toLocaleString('en-US')}`,
  )
  .refine((dollars) => Number.isInteger(Math.round(dollars * 100 * 1e6) / 1e6), {
    message: 'Core deposit must be in whole cents (at most two decimals)',
  });

export const coreReturnDaysField = z
  .number({ error: 'Core return window must be a number of days' })
  .int('Core return window must be a whole number of days')
  .min(1, 'Core return window must be at least 1 day')
  .max(MAX_CORE_RETURN_DAYS, `Core return window must be at most ${MAX_CORE_RETURN_DAYS} days`);

/** The deposit line of an order line (dollars), given when the line carries a deposit. */
export const coreDepositLine = z.object({
  /** Per piece, and for the line's pieces. */
  unitDeposit: z.number(),
  total: z.number(),
  /** The deposit line's tax, taxed as the part is (dollars). */
  tax: z.number(),
  returnDays: z.number().int(),
  /** The last day (YYYY-MM-DD, UTC) a core may be asked back with its deposit; null until shipped. */
  returnBy: z.string().nullable(),
  /** Cores asked back in time (their deposit is refunded once received) and after (kept). */
  returnedInTime: z.number().int(),
  returnedLate: z.number().int(),
});
export type CoreDepositLine = z.infer<typeof coreDepositLine>;

/** What the order and return lines say about a deposit, plainly. */
export const coreDepositMessages = {
  lineName: (name: string) => `Core deposit: ${name}`,
  returnBy: (day: string) => `Refunded when the old unit comes back by ${day}`,
  kept: (day: string) => `Deposit kept: the core was not returned by ${day}`,
  keptLate: (days: number) =>
    `Deposit kept: the core came back after the ${days}-day core return window`,
  refundable: 'Deposit refunded once the core is received',
  noDeposit: (productId: string) =>
    `lines: ${productId} carries no core deposit to return a core for`,
} as const;
