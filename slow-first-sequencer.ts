import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (each alone ~40-140 s on a 2-core machine: servers started, killed
 * and restarted under load; every route fed junk), in their order of length. Vitest's own order on
 * a clean clone (no timings cached yet) is by file size, which puts these short files last, where
 * one of them alone holds the run after every other worker has finished.
 */
const slowestFirst = [
  'server/test/junk-input.test.ts',
  'server/test/kill-under-load.test.ts',
  'server/test/backup-under-load.test.ts',
  'server/test/startup.test.ts',
  'server/src/features/companies/companies.test.ts',
  'server/test/database-outage.test.ts',
  'server/test/cli.test.ts',
];

/**
 * Seconds a server file's tests took in CI's PGlite pass beside the journeys (stop 51's clean-clone
 * run, two cores), for the files of 2.5 s and more; every file also pays its set-up (SET_UP_S),
 * and those that seed the 10,000-part demo catalog before their tests pay that (SEED_S). Only the
 * shards' balance depends on them: a stale figure costs time, never a test.
 */
const testSeconds = new Map<string, number>([
  ['test/junk-input.test.ts', 174],
  ['src/features/catalog/catalog.test.ts', 42],
  ['test/company-authorization-matrix.test.ts', 20],
  ['src/features/sales/sales-dashboard.test.ts', 19],
  ['src/features/quotes/quotes.test.ts', 18],
  ['src/features/auth/auth-limits.test.ts', 18],
  ['src/features/sales/sales-zone-rebuild.test.ts', 16],
  ['src/features/catalog/catalog-csv.test.ts', 14],
  ['src/features/companies/companies.test.ts', 12],
  ['src/features/cart/cart.test.ts', 12],
  ['src/features/webhooks/webhooks.test.ts', 11],
  ['src/db/pglite-turns.test.ts', 11],
  ['src/features/integration/integration.test.ts', 9],
  ['src/features/auth/auth.test.ts', 7],
  ['src/features/companies/accounts.test.ts', 7],
  ['test/api-document.test.ts', 7],
  ['src/http/idempotency.test.ts', 7],
  ['src/features/punchout/punchout.test.ts', 6],
  ['test/browser-hardening.test.ts', 6],
  ['src/features/cart/quick-order-match.test.ts', 6],
  ['src/features/returns/returns-credit-notes.test.ts', 4],
  ['src/features/part-numbers/part-numbers.test.ts', 4],
  ['src/features/uploads/uploads.test.ts', 4],
  ['src/features/catalog/catalog-search.test.ts', 4],
  ['src/features/backorders/purchase-order-receive.test.ts', 4],
  ['src/features/health/health.test.ts', 3],
  ['src/features/orders/order-races.test.ts', 3],
  ['src/features/companies/approvals.test.ts', 3],
  ['src/features/returns/credit-note-pay-back.test.ts', 3],
  ['test/private-answers.test.ts', 3],
  ['src/features/returns/returns-refund.test.ts', 3],
  ['src/features/payments/stripe-payments.test.ts', 3],
  ['test/authorization-matrix.test.ts', 3],
  ['src/features/tax/tax-cases.test.ts', 3],
  ['src/features/shipments/shipments.test.ts', 3],
  ['src/features/catalog/cold-search.test.ts', 3],
  ['src/features/auth/account-takeover.test.ts', 3],
  ['src/features/returns/core-deposits.test.ts', 3],
  ['src/features/company-catalogs/company-catalogs.test.ts', 3],
  ['src/features/fitment/demo-fitments.test.ts', 3],
  ['src/features/warehouses/stock-import-race.test.ts', 3],
  ['src/features/metrics/metrics.test.ts', 3],
]);
const SET_UP_S = 1.5;
const SEED_S = 12;
const seedsBeforeTests = [
  'src/features/catalog/product-edit.test.ts',
  'src/features/catalog/catalog-search.test.ts',
  'src/features/catalog/catalog-csv.test.ts',
  'src/features/catalog/cold-search.test.ts',
  'src/features/fitment/demo-fitments.test.ts',
];

function weightOf(spec: TestSpecification): number {
  const path = spec.moduleId.replace(/^.*\/server\//, '');
  const seed = seedsBeforeTests.includes(path) ? SEED_S : 0;
  return (testSeconds.get(path) ?? 1) + SET_UP_S + seed;
}

function rank(spec: TestSpecification): number {
  const at = slowestFirst.findIndex((path) => spec.moduleId.endsWith(path));
  return at === -1 ? slowestFirst.length : at;
}

export default class SlowFirstSequencer extends BaseSequencer {
  /**
   * CI's PGlite pass runs in shards from one queue in two lanes (scripts/test.mjs): Vitest's own
   * shards (equal numbers of files, by a hash of their paths) took 119-321 s, and the lane that
   * drew the longest ended ~80 s after the other. Files go to the lightest shard, longest first.
   */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard as { index: number; count: number };
    const shards = Array.from({ length: count }, () => ({
      weight: 0,
      files: [] as TestSpecification[],
    }));
    const longestFirst = files
      .map((spec) => ({ spec, weight: weightOf(spec) }))
      .sort((a, b) => b.weight - a.weight || a.spec.moduleId.localeCompare(b.spec.moduleId));
    for (const { spec, weight } of longestFirst) {
      const lightest = shards.reduce((min, shard) => (shard.weight < min.weight ? shard : min));
      lightest.files.push(spec);
      lightest.weight += weight;
    }
    return shards[index - 1]?.files ?? [];
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
