import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createPgliteTemplate } from './pglite-template.ts';
import { createPostgresTemplate } from './postgres-template.ts';
import { dropRunDatabases, testRunTag } from './test-databases.ts';

/**
 * Vitest global set-up of the server suites: one migrated database to copy per test file (PGlite
 * always; PostgreSQL when DATABASE_URL is set), the build's PGlite template when no build made it
 * yet (the server processes that tests start on new DATA_DIRs copy it instead of running initdb
 * and the migrations, ~9 s of CPU each, as `npm start` does after its build), and a teardown
 * that drops every PostgreSQL database this run made, whether its tests passed, failed or their
 * worker died.
 */
export default async function setUpTestRun() {
  process.env.PP_TEST_RUN ??= `r${process.pid}`;
  const tag = testRunTag();
  await Promise.all([createPgliteTemplate(), buildTheServersTemplate()]);
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

/** `server/dist/pglite-template` as `npm run build` makes it (in a child: it needs Node's loader). */
function buildTheServersTemplate(): Promise<void> {
  const server = join(import.meta.dirname, '..');
  const script = join(server, 'src/db/make-pglite-template.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, join(server, 'dist')], {
      cwd: server,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`making the PGlite template failed (${code})`)),
    );
  });
}
