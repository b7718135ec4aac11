import { checkVAT, countries as vatCountries } from 'jsvat';
import { z } from 'zod';
import { regionCodeOf } from './addresses.ts';
import { isoDay } from './days.ts';

/**
 * Issue 33: tax. Amounts are integer cents; a rate is kept in millionths of the price
 * (6.25 % = 62 500 ppm) so that every rate a jurisdiction publishes (up to four decimals of a
 * percent) is exact, and the tax of an amount is one integer product and one rounding.
 */

/**
 * The EU member states' standard VAT rates (percent), as in force from 1 August 2025 (Estonia 24
 * from July 2025, Romania 21 from August 2025, Slovakia 23 and Finland 25.5 since 2024-25). The
 * law changes them: this table is the one place to follow it (EU Commission "VAT rates" list).
 */
export const EU_STANDARD_VAT_PERCENT: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

export const isEuCountry = (country: string) => country in EU_STANDARD_VAT_PERCENT;

export const ppmOfPercent = (percent: number) => Math.round(percent * 10_000);
export const percentOfPpm = (ppm: number) => ppm / 10_000;

/**
 * The tax of `cents` at `ppm`, rounded half up to the cent (half a cent and above up), the rule
 * US states and EU member states commonly publish; we apply it to each line (decision 035 says
 * why, and that an accountant confirms a jurisdiction's own rule before it goes live). BigInt:
 * a line of a million dollars times a rate in millionths passes 2^53.
 */
export function taxOfCents(cents: number, ppm: number): number {
  if (cents <= 0 || ppm <= 0) return 0;
  return Number((BigInt(cents) * BigInt(ppm) + 500_000n) / 1_000_000n);
}

/** The EU country of a VAT number whose format and check digits hold (jsvat), else undefined. */
export function vatNumberCountry(vatNumber: string): string | undefined {
  const cleaned = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  if (cleaned.length < 4) return undefined;
  const checked = checkVAT(cleaned, vatCountries);
  if (!checked.isValid) return undefined;
  const country = checked.country?.isoCode.short;
  return country && isEuCountry(country) ? country : undefined;
}

export const taxMessages = {
  rateRange: 'rate: must be a percent from 0 to 100 with at most 4 decimals',
  regionUnknown: (country: string) => `region: not a state / region of ${country}`,
  duplicate: (country: string, region: string) => `${country}-${region} is listed twice`,
  csvHeader: 'The CSV needs the columns country, region, name, rate, freightTaxable',
  companyNotFound: 'Company not found',
} as const;

/** A rate as percent with at most four decimals (0.0001 % = 1 ppm). */
const percent = z
  .number({ error: taxMessages.rateRange })
  .min(0, taxMessages.rateRange)
  .max(100, taxMessages.rateRange)
  .refine((p) => Math.abs(p * 10_000 - Math.round(p * 10_000)) < 1e-6, taxMessages.rateRange);

/** One row of the sales-tax table: a state (`region`) of a country, its rate, freight taxed or not. */
export const taxRateEntry = z
  .object({
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'country: must be an ISO 3166 code like US')
      .default('US'),
    region: z.string().trim().min(1, 'region: is required').max(100),
    name: z.string().trim().min(1, 'name: is required').max(100, 'name: at most 100 characters'),
    rate: percent,
    freightTaxable: z.boolean().default(false),
  })
  .transform((row, ctx) => {
    const region = regionCodeOf(row.country, row.region);
    if (!region) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: taxMessages.regionUnknown(row.country),
      });
      return z.NEVER;
    }
    return { ...row, region };
  });
export type TaxRateEntry = z.output<typeof taxRateEntry>;

/** `PUT /admin/tax-rates`: the whole table (a state not listed has no sales tax). */
export const taxRatesRequest = z
  .object({ rates: z.array(taxRateEntry).max(500, 'rates: at most 500 rows') })
  .superRefine(({ rates }, ctx) => {
    const seen = new Set<string>();
    rates.forEach((rate, i) => {
      const key = `${rate.country}-${rate.region}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'region'],
          message: taxMessages.duplicate(rate.country, rate.region),
        });
      seen.add(key);
    });
  });
export type TaxRatesRequest = z.output<typeof taxRatesRequest>;

export const taxRate = z.object({
  country: z.string(),
  region: z.string(),
  name: z.string(),
  rate: z.number(),
  freightTaxable: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRate>;
export const taxRateTable = z.object({ rates: z.array(taxRate) });

/** `PUT /admin/companies/{id}/tax-exemption`: the certificate, or `null` to end the exemption. */
export const taxExemptionRequest = z.object({
  exemption: z
    .object({
      certificateNumber: z
        .string()
        .trim()
        .min(1, 'certificateNumber: is required')
        .max(100, 'certificateNumber: at most 100 characters'),
      /** US states the certificate covers (codes or names). */
      regions: z
        .array(z.string().trim().min(1).max(100))
        .min(1, 'regions: name at least one state')
        .max(60),
      expiresOn: isoDay,
    })
    .transform((exemption, ctx) => {
      const regions: string[] = [];
      exemption.regions.forEach((region, i) => {
        const code = regionCodeOf('US', region);
        if (code) regions.push(code);
        else
          ctx.addIssue({
            code: 'custom',
            path: ['regions', i],
            message: taxMessages.regionUnknown('US'),
          });
      });
      return { ...exemption, regions: [...new Set(regions)] };
    })
    .nullable(),
});
export type TaxExemptionRequest = z.output<typeof taxExemptionRequest>;

export const taxExemption = z.object({
  certificateNumber: z.string(),
  regions: z.array(z.string()),
  expiresOn: z.string(),
});
export type TaxExemption = z.infer<typeof taxExemption>;
/** A recorded certificate as the admin reads it back: `expired` once its day is past (UTC). */
export const taxExemptionView = taxExemption.extend({ expired: z.boolean() });
export type TaxExemptionView = z.infer<typeof taxExemptionView>;
/** `GET` and `PUT /admin/companies/{id}/tax-exemption`: the company's certificate, or none. */
export const companyTaxExemption = z.object({
  companyId: z.string(),
  exemption: taxExemptionView.nullable(),
});

/** A tax as an order, a quote and an invoice show it: "Texas sales tax", 6.25, $12.34. */
export const taxLine = z.object({ name: z.string(), rate: z.number(), amount: z.number() });
export type TaxLineView = z.infer<typeof taxLine>;
