import type { Config } from '../../config.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Queryable } from '../../db/queryable.ts';
import { builtinShippingRates } from '../shipping/builtin-shipping.ts';
import { builtinTaxCalculator } from '../tax/builtin-tax.ts';
import type { Pricing } from './cart-quote.ts';
import { createRateTables, type RateTables } from './rate-tables.ts';

/** What the shop's pricing needs of the app: its settings and its change feed. */
export interface PricingHost {
  config: Config;
  changes: ChangeFeed;
}

// Keyed by the change feed: every plugin scope of one app shares the one cache.
const tables = new WeakMap<ChangeFeed, RateTables>();

function rateTablesOf(feed: ChangeFeed): RateTables {
  let kept = tables.get(feed);
  if (!kept) {
    kept = createRateTables(feed);
    tables.set(feed, kept);
  }
  return kept;
}

/**
 * The shop's tax and freight drivers. Built-in ones only, today; an external engine (Stripe Tax,
 * Avalara; EasyPost, Shippo) would be chosen here by its settings, as payments/payment-setup.ts
 * chooses Stripe (see tax/tax-calculator.ts and shipping/shipping-rates.ts for the contracts).
 * The rates and methods come from memory (cart/rate-tables.ts), read on `db` when the cache
 * must read them.
 */
export function shopPricing(app: PricingHost, db: Queryable): Pricing {
  const rates = rateTablesOf(app.changes);
  return {
    tax: builtinTaxCalculator(
      { country: app.config.SHOP_TAX_COUNTRY, vatNumber: app.config.SHOP_VAT_NUMBER },
      (country, region) => rates.stateRate(db, country, region),
    ),
    shipping: builtinShippingRates(() => rates.methods(db)),
  };
}
