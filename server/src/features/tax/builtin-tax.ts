import { countryName } from '@proper-parts/domain/addresses';
import {
  EU_STANDARD_VAT_PERCENT,
  isEuCountry,
  ppmOfPercent,
  taxOfCents,
  vatNumberCountry,
} from '@proper-parts/domain/tax';
import type { AppliedTax, TaxCalculator, TaxRequest, TaxResult } from './tax-calculator.ts';

/** The shop's own tax position (settings: SHOP_TAX_COUNTRY, SHOP_VAT_NUMBER). */
export interface ShopTaxSettings {
  country: string;
  /** The shop's EU VAT registration; without it no EU VAT is charged (exports). */
  vatNumber: string | undefined;
}

/** A sales-tax rate of a state, as the admin keeps it (tax_rates). */
export interface StateRate {
  name: string;
  ratePpm: number;
  freightTaxable: boolean;
}

/** Where the driver finds a state's rate (tax-repository.ts reads the table). */
export type StateRateLookup = (country: string, region: string) => Promise<StateRate | undefined>;

interface Rule {
  name: string;
  ratePpm: number;
  freightTaxable: boolean;
}

/**
 * The built-in driver: one rate per order, chosen by the ship-to address and the buyer.
 * - US: the state's rate from the admin's table (no row: the shop collects no tax there); a
 *   company's exemption certificate that covers the state and has not expired exempts it.
 * - EU, when the shop is VAT registered: a company with a valid-looking VAT number of another
 *   member state than the shop's, receiving the goods outside the shop's country, gets the
 *   reverse charge (no VAT; the invoice says so). Anyone else pays the ship-to country's
 *   standard rate (distance sales through OSS), freight included.
 * - Elsewhere: exports, no tax.
 */
export function builtinTaxCalculator(
  shop: ShopTaxSettings,
  stateRate: StateRateLookup,
): TaxCalculator {
  const shopVatCountry = shop.vatNumber ? vatNumberCountry(shop.vatNumber) : undefined;

  async function ruleFor(request: TaxRequest): Promise<{ rule: Rule | null; note: string | null }> {
    const { shipTo, buyer, today } = request;
    if (shipTo.country === 'US') {
      const rate = await stateRate('US', shipTo.region);
      if (!rate) return { rule: null, note: null };
      const exemption = buyer.exemption;
      if (exemption?.regions.includes(shipTo.region)) {
        if (exemption.expiresOn >= today)
          return {
            rule: null,
            note: `Tax exempt: certificate ${exemption.certificateNumber} (${shipTo.region}, until ${exemption.expiresOn})`,
          };
      }
      return { rule: rate, note: null };
    }
    if (isEuCountry(shipTo.country) && shopVatCountry) {
      const buyerVatCountry = buyer.taxId ? vatNumberCountry(buyer.taxId) : undefined;
      if (
        buyerVatCountry &&
        buyerVatCountry !== shopVatCountry &&
        shipTo.country !== shopVatCountry
      )
        return {
          rule: null,
          note: `Reverse charge: VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC). Customer VAT number ${buyer.taxId.replace(/\s/g, '').toUpperCase()}`,
        };
      const percent = EU_STANDARD_VAT_PERCENT[shipTo.country] ?? 0;
      return {
        rule: {
          name: `VAT ${countryName(shipTo.country) ?? shipTo.country}`,
          ratePpm: ppmOfPercent(percent),
          freightTaxable: true,
        },
        note: null,
      };
    }
    return { rule: null, note: null };
  }

  return {
    name: 'built-in',
    async calculate(request): Promise<TaxResult> {
      const { rule, note } = await ruleFor(request);
      const lines = request.lines.map((line) => ({
        ref: line.ref,
        taxCents: rule ? taxOfCents(line.amountCents, rule.ratePpm) : 0,
      }));
      const freightTaxCents = rule?.freightTaxable
        ? taxOfCents(request.freightCents, rule.ratePpm)
        : 0;
      const taxCents = lines.reduce((sum, line) => sum + line.taxCents, freightTaxCents);
      const taxes: AppliedTax[] = rule
        ? [{ name: rule.name, ratePpm: rule.ratePpm, amountCents: taxCents }]
        : [];
      return { lines, freightTaxCents, taxes, taxCents, note };
    },
  };
}
