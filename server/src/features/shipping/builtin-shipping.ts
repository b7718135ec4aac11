import type { ShippingQuote, ShippingRates, ShippingRequest } from './shipping-rates.ts';

/** A method as stored (shipping_methods), in cents and grams. */
export interface StoredMethod {
  code: string;
  name: string;
  kind: 'rates' | 'pickup';
  zones: {
    countries: string[];
    regions?: string[];
    bands: { upToGrams: number; priceCents: number }[];
  }[];
  freeOverCents: number | null;
  quoteAboveGrams: number | null;
  estimate: string;
}

/**
 * The zone of a method that takes the address: one naming its region first (Alaska, Hawaii
 * cost more than the rest of the US), else one naming its country.
 */
function zoneFor(method: StoredMethod, request: ShippingRequest) {
  const { country, region } = request.shipTo;
  const inCountry = method.zones.filter((zone) => zone.countries.includes(country));
  return (
    inCountry.find((zone) => zone.regions?.length && zone.regions.includes(region)) ??
    inCountry.find((zone) => !zone.regions?.length)
  );
}

/** One method's price for the request; undefined when it cannot carry it there. */
export function priceOf(method: StoredMethod, request: ShippingRequest): ShippingQuote | undefined {
  const { code, name, estimate } = method;
  if (method.kind === 'pickup') return { code, name, estimate, priceCents: 0 };
  const zone = zoneFor(method, request);
  if (!zone) return undefined;
  const quoted = { code, name, estimate, priceCents: null };
  if (method.quoteAboveGrams !== null && request.weightGrams > method.quoteAboveGrams)
    return quoted;
  if (method.freeOverCents !== null && request.subtotalCents >= method.freeOverCents)
    return { code, name, estimate, priceCents: 0 };
  const band = zone.bands.find((b) => request.weightGrams <= b.upToGrams);
  // Heavier than every band: the shop prices it rather than the method refusing the order.
  return band ? { code, name, estimate, priceCents: band.priceCents } : quoted;
}

/** The built-in driver: the admin's methods, read by `methods` (one small table). */
export function builtinShippingRates(methods: () => Promise<StoredMethod[]>): ShippingRates {
  return {
    name: 'built-in',
    async quote(request) {
      return (await methods()).flatMap((method) => priceOf(method, request) ?? []);
    },
  };
}
