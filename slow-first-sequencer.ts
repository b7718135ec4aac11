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

function rank(spec: TestSpecification): number {
  const at = slowestFirst.findIndex((path) => spec.moduleId.endsWith(path));
  return at === -1 ? slowestFirst.length : at;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
