import type { StructuredAddress } from '@proper-parts/domain/addresses';

/** What a shipment is priced on: where it goes, what it weighs, what the goods cost. */
export interface ShippingRequest {
  shipTo: StructuredAddress;
  weightGrams: number;
  subtotalCents: number;
}

/** A method that can carry this shipment: its price in cents, or null when the shop quotes it. */
export interface ShippingQuote {
  code: string;
  name: string;
  priceCents: number | null;
  estimate: string;
}

/**
 * Issue 33: the seam freight is priced behind. The cart's quote and the checkout ask it for the
 * methods that can carry the cart to the address; the checkout writes the chosen one's price with
 * the order (cart/checkout.ts), or places the order `awaiting_freight` when its price is null.
 *
 * The built-in driver (builtin-shipping.ts) reads the admin's methods: weight bands per zone, a
 * free-freight threshold, local pickup, a weight above which the shop quotes.
 *
 * A carrier-rate service plugs in as another implementation of `quote`, chosen in app.ts:
 * - EasyPost: `client.Shipment.create({ to_address, from_address, parcel: { weight (oz),
 *   length, width, height } })` answers `rates[]` (carrier, service, rate, delivery_days) →
 *   one ShippingQuote each (`code` = `${carrier}-${service}`, cents from `rate`); the chosen
 *   rate is bought (`Shipment.buy`) when the order ships, not here.
 * - Shippo: `shipments.create({ address_from, address_to, parcels, async: false })` answers
 *   `rates[]` (`amount`, `servicelevel.token`, `estimated_days`) the same way.
 * The parcel comes from the products' weights and dimensions (products.weight_grams, *_mm).
 * A carrier that cannot be reached throws: the checkout refuses rather than ship for nothing;
 * the shop's own methods (pickup, quoted freight) may be offered beside the carrier's rates.
 */
export interface ShippingRates {
  readonly name: string;
  quote(request: ShippingRequest): Promise<ShippingQuote[]>;
}
