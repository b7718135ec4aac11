import { z } from 'zod';

/**
 * A calendar day, `YYYY-MM-DD`. Round-tripped through a Date: `Date.parse` takes 2026-02-31 (as
 * March 3), which PostgreSQL refuses.
 */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
  .refine((day) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
  }, 'must be a real date');

const DAY_MS = 86_400_000;

/** Days from `from` to `to` (0 when they are the same day). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
