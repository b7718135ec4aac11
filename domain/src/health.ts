import { z } from 'zod';

export const health = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof health>;

export const liveness = z.object({ status: z.literal('ok') });
