import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Queryable } from '../../db/queryable.ts';
import type { StoredMethod } from '../shipping/builtin-shipping.ts';
import { listStoredMethods } from '../shipping/shipping-repository.ts';
import type { StateRate } from '../tax/builtin-tax.ts';
import { allStateRates } from '../tax/tax-repository.ts';

/** The tables whose rows the cache below keeps (migration 0030 makes them notify). */
export const RATE_TABLES = ['tax_rates', 'shipping_methods'] as const;

/**
 * The admin's sales-tax rates and shipping methods, kept in memory for the tax and freight drivers
 * (issue 33: read on every quote and checkout, they cost a round trip each, a third of the taxed
 * checkout's extra CPU; bench checkout). Both tables are small and change only when an admin
 * saves them. A change by any process reaches this cache through the change feed (their
 * `pp_notify_change` triggers); the admin routes of this process also announce their own write
 * (`feed.emit`) before answering, so their next quote sees it. While the feed cannot hear, every
 * read goes to the database, as the other caches do (docs/decisions/008).
 */
export interface RateTables {
  stateRate(db: Queryable, country: string, region: string): Promise<StateRate | undefined>;
  methods(db: Queryable): Promise<StoredMethod[]>;
}

export function createRateTables(feed: ChangeFeed): RateTables {
  let generation = 0;
  feed.subscribe((table) => {
    if (table === '*' || (RATE_TABLES as readonly string[]).includes(table)) generation++;
  });

  /** `load` once per generation; a change heard during the read makes the next call read again. */
  function kept<T>(load: (db: Queryable) => Promise<T>) {
    let held: { generation: number; value: Promise<T> } | undefined;
    return (db: Queryable): Promise<T> => {
      if (!feed.live) return load(db);
      if (held && held.generation === generation) return held.value;
      const value = load(db);
      const mine = { generation, value };
      held = mine;
      value.catch(() => {
        if (held === mine) held = undefined;
      });
      return value;
    };
  }

  const rates = kept(allStateRates);
  return {
    async stateRate(db, country, region) {
      return (await rates(db)).get(`${country}/${region}`);
    },
    methods: kept(listStoredMethods),
  };
}
