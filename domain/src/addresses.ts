import { allCountries } from 'country-region-data';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';

/**
 * Issue 33: a structured address, one schema for checkout, quotes, the company's billing address
 * and its address book. Countries and their regions come from `country-region-data` (ISO 3166-1
 * alpha-2 codes, regions with their ISO 3166-2 short codes), postal-code shapes from
 * `postcode-validator`, phone numbers from `libphonenumber-js` (decision 035).
 */

interface CountryEntry {
  name: string;
  regions: { name: string; code: string }[];
}

const COUNTRIES: ReadonlyMap<string, CountryEntry> = new Map(
  allCountries.map(([name, code, regions]) => [
    code,
    {
      name,
      regions: regions.map(([regionName, regionCode]) => ({
        name: regionName,
        code: regionCode ?? regionName,
      })),
    },
  ]),
);

/** Countries whose post needs the state or province on the label: a region is required there. */
export const REGION_REQUIRED = new Set(['US', 'CA', 'AU']);

/** The countries, by name, for a select: `{ code: 'DE', name: 'Germany' }`. */
export function countryOptions(): { code: string; name: string }[] {
  return [...COUNTRIES].map(([code, { name }]) => ({ code, name }));
}

export function countryName(code: string): string | undefined {
  return COUNTRIES.get(code)?.name;
}

/** A country's regions (states, provinces, Länder), empty where the list has none. */
export function regionsOf(country: string): { code: string; name: string }[] {
  return COUNTRIES.get(country)?.regions ?? [];
}

/** The region's short code (`TX`) for its code or its name, any case; undefined if unknown. */
export function regionCodeOf(country: string, region: string): string | undefined {
  const wanted = region.trim().toLowerCase();
  return regionsOf(country).find(
    (r) => r.code.toLowerCase() === wanted || r.name.toLowerCase() === wanted,
  )?.code;
}

export const addressMessages = {
  countryUnknown: 'Choose a country from the list (ISO 3166 code, like US or DE)',
  regionRequired: 'State / region is required for this country',
  regionUnknown: (country: string) => `Not a state / region of ${countryName(country) ?? country}`,
  postalCodeRequired: 'Postal code is required for this country',
  postalCodeShape: (country: string) => `Not a postal code of ${countryName(country) ?? country}`,
  phoneInvalid: 'Not a valid phone number for this country (add +country code if abroad)',
} as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** The fields as typed, before the per-country checks. */
const addressFields = z.object({
  name: text('Name', 1, 100),
  company: optional('Company', 100),
  line1: text('Address line 1', 1, 200),
  line2: optional('Address line 2', 200),
  city: text('City', 1, 100),
  region: optional('State / region', 100),
  postalCode: optional('Postal code', 20),
  country: z
    .string({ error: addressMessages.countryUnknown })
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRIES.has(code), addressMessages.countryUnknown),
  phone: optional('Phone', 30),
});

/**
 * A structured address, checked for its country: a region that exists there (required in the
 * US, Canada and Australia) stored as its short code, a postal code of the country's shape, a
 * phone number that can be dialled there. Each problem names its field (`path`).
 */
export const structuredAddress = addressFields.transform((address, ctx) => {
  const { country } = address;
  let region = address.region;
  if (region) {
    const code = regionsOf(country).length ? regionCodeOf(country, region) : region;
    if (code === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: addressMessages.regionUnknown(country),
      });
    else region = code;
  } else if (REGION_REQUIRED.has(country))
    ctx.addIssue({ code: 'custom', path: ['region'], message: addressMessages.regionRequired });
  const postalCode = address.postalCode.toUpperCase();
  if (postcodeValidatorExistsForCountry(country)) {
    if (!postalCode)
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: addressMessages.postalCodeRequired,
      });
    else if (!postcodeValidator(postalCode, country))
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: addressMessages.postalCodeShape(country),
      });
  }
  if (address.phone && !phoneFits(address.phone, country))
    ctx.addIssue({ code: 'custom', path: ['phone'], message: addressMessages.phoneInvalid });
  return { ...address, region, postalCode };
});
export type StructuredAddress = z.output<typeof structuredAddress>;
export type StructuredAddressInput = z.input<typeof structuredAddress>;

/** The stored address as the API shows it (already checked when it was written). */
export const addressView = z.object({
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});

function phoneFits(phone: string, country: string): boolean {
  try {
    // A country libphonenumber does not know still takes an international number.
    return isValidPhoneNumber(phone, country as Parameters<typeof isValidPhoneNumber>[1]);
  } catch {
    return false;
  }
}

/**
 * The address as lines for a label, an invoice or the old one-line `address` column:
 * name, company, street lines, "City, TX 78701" (US/CA/AU) or "10115 Berlin", the country.
 */
export function addressLines(address: StructuredAddress): string[] {
  const { name, company, line1, line2, city, region, postalCode, country } = address;
  const cityLine = REGION_REQUIRED.has(country)
    ? `${city}, ${[region, postalCode].filter(Boolean).join(' ')}`
    : [postalCode, city].filter(Boolean).join(' ') + (region ? `, ${region}` : '');
  return [name, company, line1, line2, cityLine, countryName(country) ?? country].filter(Boolean);
}

/** One line, for the text `address` column that orders kept before issue 33. */
export function addressText(address: StructuredAddress): string {
  return addressLines(address).join(', ');
}
