import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/queryable.ts';
import { builtinShippingRates } from '../shipping/builtin-shipping.ts';
import { listStoredMethods } from '../shipping/shipping-repository.ts';
import { builtinTaxCalculator } from '../tax/builtin-tax.ts';
import { stateRateOf } from '../tax/tax-repository.ts';
import type { Pricing } from './cart-quote.ts';

/**
 * The shop's tax and freight drivers. Built-in ones only, today; an external engine (Stripe Tax,
 * Avalara; EasyPost, Shippo) would be chosen here by its settings, as payments/payment-setup.ts
 * chooses Stripe (see tax/tax-calculator.ts and shipping/shipping-rates.ts for the contracts).
 * Each call reads the rates on `db` as given: inside a checkout, its transaction.
 */
export function shopPricing(config: Config, db: Queryable): Pricing {
  return {
    tax: builtinTaxCalculator(
      { country: config.SHOP_TAX_COUNTRY, vatNumber: config.SHOP_VAT_NUMBER },
      (country, region) => stateRateOf(db, country, region),
    ),
    shipping: builtinShippingRates(() => listStoredMethods(db)),
  };
}
