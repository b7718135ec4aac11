import { z } from 'zod';

/** The largest credit limit or order limit, in dollars: far below 2^53 cents. */
export const MAX_COMPANY_MONEY = 100_000_000;

/** Dollars with at most two decimals, from 0 to MAX_COMPANY_MONEY. */
export const moneyField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_COMPANY_MONEY, `${label} must be at most ${MAX_COMPANY_MONEY.toLocaleString('en-US')}`)
    .refine(hasCents, `${label} may have at most two decimals`);

/** 12.34 yes, 12.345 no (floating point: 0.1 × 100 is 10.000000000000002). */
export const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
