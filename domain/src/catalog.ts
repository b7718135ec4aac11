import { z } from 'zod';

/** A product, called "tool" by the spec (§3). Prices are dollars on the wire, cents in the database. */
export const tool = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  description: z.string(),
  minimumOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  price: z.number(),
  /** Its page is `/products/{slug}` (not in the spec: the featured cards lead there). */
  slug: z.string(),
});
export type Tool = z.infer<typeof tool>;

export const toolIdParams = z.object({ id: z.uuid({ message: 'Unknown product id' }) });
