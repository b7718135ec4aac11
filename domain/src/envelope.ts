import { z } from 'zod';

/** Every /api/v1 answer: `{ success, data, message }` (spec §4, §7). */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { success: true; data: T; message?: string } | ErrorEnvelope;

/** Beyond this, a list is paged by `cursor`: a deep offset reads and drops every row before it. */
export const MAX_OFFSET = 10_000;

/**
 * `limit` and `offset` as the spec has them, and `cursor` beside them: the `nextCursor` of the
 * page before (keyset pagination, any depth). With a cursor, `offset` counts from it.
 */
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(
      MAX_OFFSET,
      `must be at most ${MAX_OFFSET}; page further with cursor (each page's nextCursor)`,
    )
    .default(0),
  cursor: z.string().min(1).max(200).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** A page of a list: the spec's `data` array, and the cursor of the next page (null at the end). */
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  successEnvelope(item.array()).extend({ nextCursor: z.string().nullable() });
