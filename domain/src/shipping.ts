import { z } from 'zod';
import { countryName, regionCodeOf } from './addresses.ts';

/**
 * Issue 33: freight. Shipping methods an admin defines: `rates` prices a shipment by its weight
 * band in the zone of the ship-to address; `pickup` is collected at the shop, free. A method may
 * ship free above an order subtotal, and leave the freight to the shop above a weight.
 */

export const SHIPPING_KINDS = ['rates', 'pickup'] as const;
export const MAX_WEIGHT_GRAMS = 100_000_000;
/** Issue 33: a product's shipping weight (grams) and packed size (millimetres) of one piece. */
export const MAX_PRODUCT_GRAMS = 10_000_000;
export const MAX_PRODUCT_MM = 100_000;
export const SHIPPING_SIZE_FIELDS = ['weightGrams', 'lengthMm', 'widthMm', 'heightMm'] as const;
export const shippingSizeField = (name: string, max: number) =>
  z
    .number({ error: `${name}: must be a whole number` })
    .int(`${name}: must be a whole number`)
    .min(0, `${name}: must not be negative`)
    .max(max, `${name}: at most ${max}`);
const MAX_CENTS = 100_000_000_00;

export const shippingMessages = {
  unknownMethod: 'shippingMethod: not a shipping method for this address',
  methodRequired: 'shippingMethod: choose how the order ships',
  duplicateCode: (code: string) => `code: ${code} is listed twice`,
  bandsOrder: 'bands: each band must weigh more than the one before',
  notAwaitingFreight: 'This order is not waiting for a freight quote.',
  awaitsFreight:
    'The shop is pricing the freight of this order: it can be paid once the freight is entered.',
  quotedOnAccount:
    'The shop quotes the freight of this order: pay it by card once the freight is entered.',
  freightEntered: (freight: string, total: string) =>
    `Freight ${freight} entered: the order's total is ${total}, ready to pay`,
} as const;

const dollars = (label: string) =>
  z
    .number({ error: `${label}: must be an amount in dollars` })
    .min(0, `${label}: must not be negative`)
    .max(MAX_CENTS / 100, `${label}: too large`)
    .refine((d) => Math.abs(d * 100 - Math.round(d * 100)) < 1e-6, `${label}: at most 2 decimals`);

const grams = (label: string) =>
  z
    .number({ error: `${label}: must be a weight in grams` })
    .int(`${label}: whole grams`)
    .min(0, `${label}: must not be negative`)
    .max(MAX_WEIGHT_GRAMS, `${label}: at most ${MAX_WEIGHT_GRAMS} g`);

const zone = z
  .object({
    countries: z
      .array(
        z
          .string()
          .trim()
          .toUpperCase()
          .refine((c) => countryName(c) !== undefined, 'countries: not an ISO 3166 country code'),
      )
      .min(1, 'countries: name at least one')
      .max(300),
    regions: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    bands: z
      .array(z.object({ upToGrams: grams('upToGrams'), price: dollars('price') }))
      .min(1, 'bands: at least one weight band')
      .max(50),
  })
  .transform((z0, ctx) => {
    const regions: string[] = [];
    for (const [i, region] of z0.regions.entries()) {
      const code =
        z0.countries.length === 1 ? regionCodeOf(z0.countries[0] ?? '', region) : undefined;
      if (code) regions.push(code);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['regions', i],
          message: "regions: must be regions of the zone's one country",
        });
    }
    for (let i = 1; i < z0.bands.length; i += 1)
      if ((z0.bands[i]?.upToGrams ?? 0) <= (z0.bands[i - 1]?.upToGrams ?? 0))
        ctx.addIssue({
          code: 'custom',
          path: ['bands', i, 'upToGrams'],
          message: shippingMessages.bandsOrder,
        });
    return { ...z0, regions };
  });

export const shippingMethodEntry = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'code: lowercase letters, digits and hyphens, at most 40'),
  name: z.string().trim().min(1, 'name: is required').max(100, 'name: at most 100 characters'),
  kind: z.enum(SHIPPING_KINDS, { error: 'kind: must be rates or pickup' }),
  zones: z.array(zone).max(100).default([]),
  /** Free freight from this subtotal (dollars) on; null: never free. */
  freeOver: dollars('freeOver').nullable().default(null),
  /** Heavier than this, the shop quotes the freight itself; null: never. */
  quoteAboveGrams: grams('quoteAboveGrams').nullable().default(null),
  estimate: z.string().trim().max(100, 'estimate: at most 100 characters').default(''),
});
export type ShippingMethodEntry = z.output<typeof shippingMethodEntry>;

/** `PUT /admin/shipping-methods`: the whole list, in the order checkout shows them. */
export const shippingMethodsRequest = z
  .object({ methods: z.array(shippingMethodEntry).max(50, 'methods: at most 50') })
  .superRefine(({ methods }, ctx) => {
    const seen = new Set<string>();
    methods.forEach((m, i) => {
      if (seen.has(m.code))
        ctx.addIssue({
          code: 'custom',
          path: ['methods', i, 'code'],
          message: shippingMessages.duplicateCode(m.code),
        });
      seen.add(m.code);
    });
  });
export type ShippingMethodsRequest = z.output<typeof shippingMethodsRequest>;

export const shippingMethodView = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  zones: z.array(
    z.object({
      countries: z.array(z.string()),
      regions: z.array(z.string()),
      bands: z.array(z.object({ upToGrams: z.number(), price: z.number() })),
    }),
  ),
  freeOver: z.number().nullable(),
  quoteAboveGrams: z.number().nullable(),
  estimate: z.string(),
});
export type ShippingMethodView = z.infer<typeof shippingMethodView>;
export const shippingMethodList = z.object({ methods: z.array(shippingMethodView) });

/**
 * A method as checkout offers it: its price for this cart and address (dollars), or null with
 * `quoted: true` when the shop prices the freight after the order is placed.
 */
export const shippingOption = z.object({
  code: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  quoted: z.boolean(),
  estimate: z.string(),
});
export type ShippingOption = z.infer<typeof shippingOption>;

/** `PUT /manageOrder/{id}/freight`: the shop's price for an order's freight (dollars). */
export const freightQuoteRequest = z.object({ freight: dollars('freight') });
export type FreightQuoteRequest = z.infer<typeof freightQuoteRequest>;
