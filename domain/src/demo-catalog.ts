import { z } from 'zod';
import type { DemoCatalogProgress } from './demo-catalog-progress.ts';

/** `GET /catalog/demo-progress`'s data (demo-catalog-progress.ts): `null` once all parts are in. */
export const demoCatalogProgress = z
  .object({
    loaded: z.number().int().nonnegative(),
    total: z.number().int().positive(),
  })
  .nullable() satisfies z.ZodType<DemoCatalogProgress | null>;
