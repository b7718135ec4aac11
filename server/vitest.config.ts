import { defineProject } from 'vitest/config';

/**
 * Files that change the process for the files after them: `origins` sets NODE_ENV=production
 * before it imports the app (read once, when modules load), `mailer` spies on nodemailer's
 * prototype. They run each in a fresh process (project `server-isolated`).
 */
const needsOwnProcess = [
  'test/origins.test.ts',
  'src/features/mail/mailer.test.ts',
  // Failed in CI's PGlite pass after other files in their worker (the process's metrics registry).
  'src/http/answer-replay.test.ts',
  'src/features/fitment/fitment-csv.test.ts',
];

/**
 * Files that choose their databases themselves, whatever DATABASE_URL says: server processes
 * started on PGlite and on PostgreSQL side by side, on the local PostgreSQL server, or on a PGlite
 * data directory of their own. CI runs the server suites twice (DATABASE_URL's PostgreSQL, then
 * PGlite); the second pass (PP_TEST_SECOND_PASS=1) leaves these out, as it would only repeat them.
 */
const ownDatabases = [
  'test/kill-under-load.test.ts',
  'test/backup-under-load.test.ts',
  'test/startup.test.ts',
  'test/pglite-memory.test.ts',
  'test/cli.test.ts',
  'test/database-outage.test.ts',
  'test/database-hang.test.ts',
  'test/concurrent-migrations.test.ts',
  'test/checkout-races.test.ts',
  'test/warehouse-races.test.ts',
  'test/many-processes.test.ts',
  'test/two-processes-cache.test.ts',
  'test/read-replica.test.ts',
  'test/log-batching.test.ts',
  'test/webhook-kill.test.ts',
];

/** Files that run on PostgreSQL only (a TCP proxy holds its answers back): the PGlite pass leaves them out. */
const postgresOnly = ['test/checkout-answer-lost.test.ts'];
const secondPass = process.env.PP_TEST_SECOND_PASS === '1';

const shared = {
  root: import.meta.dirname,
  environment: 'node' as const,
  globalSetup: ['test/global-setup.ts'],
  // A hang guard: CI runs these beside the build and the journeys on two cores.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/**
 * The server suites. Every other file shares its worker's modules with the files before it
 * (`isolate: false`): loading the app's dependencies again for each of ~95 files was most of the
 * run (a small file: ~4 s to import, ~0.5 s of tests). Each file still builds its own app on its own
 * database (test/helper.ts), so no state of ours is shared.
 */
export const serverProjects = [
  defineProject({
    test: {
      ...shared,
      name: 'server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      exclude: [...needsOwnProcess, ...(secondPass ? [...ownDatabases, ...postgresOnly] : [])],
      isolate: false,
    },
  }),
  defineProject({
    test: { ...shared, name: 'server-isolated', include: needsOwnProcess, isolate: true },
  }),
];

export default serverProjects[0];
