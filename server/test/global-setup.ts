import { createPgliteTemplate } from './pglite-template.ts';
import { createPostgresTemplate } from './postgres-template.ts';
import { dropRunDatabases, testRunTag } from './test-databases.ts';

/**
 * Vitest global set-up of the server suites: one migrated database to copy per test file (PGlite
 * always; PostgreSQL when DATABASE_URL is set), and a teardown that drops every PostgreSQL
 * database this run made, whether its tests passed, failed or their worker died.
 */
export default async function setUpTestRun() {
  process.env.PP_TEST_RUN ??= `r${process.pid}`;
  const tag = testRunTag();
  await createPgliteTemplate();
  // Both server projects name this set-up: the run makes one template of each kind.
  if (process.env.DATABASE_URL && !process.env.PP_TEST_POSTGRES_TEMPLATE) {
    await createPostgresTemplate();
  }
  return async () => {
    const left = await dropRunDatabases(tag).catch(() => 0);
    // The template is one of them; any other was left by a test that could not drop its own.
    if (left > (process.env.DATABASE_URL ? 1 : 0)) {
      process.stdout.write(`test run ${tag}: dropped ${left} databases left behind\n`);
    }
  };
}
