import { z } from 'zod';

export const health = z.object({
  /** `degraded`: the shop serves, but the read replica is out of reach (its reads go to the primary). */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /** With DATABASE_READ_URL only. */
  replica: z.enum(['up', 'down']).optional(),
});
export type Health = z.infer<typeof health>;

export const liveness = z.object({ status: z.literal('ok') });
