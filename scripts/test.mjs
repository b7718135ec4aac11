// `npm test`: typecheck and lint, the Vitest suites, the build and the Playwright journeys, as
// phases; prints each phase's time and result at the end and exits non-zero when any failed.
// A phase runs even when an earlier one failed (CI reports every failure in one run), except the
// journeys, which need the build.
//
// With DATABASE_URL set the Vitest suites run on that PostgreSQL server; with TEST_PGLITE_TOO=1
// as well (CI), the server suites run a second time on embedded PGlite, beside the build and the
// journeys (less the files that start their servers on both databases themselves: they ran once).
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const pgliteToo = process.env.TEST_PGLITE_TOO === '1' && Boolean(process.env.DATABASE_URL);

/** Runs one command with its output passed through; answers its exit code. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results = [];

/** Runs `steps` (functions answering an exit code) one after the other, timed as phase `name`. */
async function phase(name, ...steps) {
  const started = Date.now();
  let failed = false;
  for (const step of steps) if ((await step()) !== 0) failed = true;
  results.push({ name, seconds: (Date.now() - started) / 1000, failed });
  return !failed;
}

const npx =
  (...args) =>
  () =>
    run('npx', args);
/** The second pass of the server suites: on PGlite, without the files that pick their own databases. */
const secondPassEnv = () => {
  const env = { ...process.env, PP_TEST_SECOND_PASS: '1' };
  delete env.DATABASE_URL;
  return env;
};

const started = Date.now();
// The typechecks and the lint beside the first Vitest pass, not ~20 s in front of it.
await Promise.all([
  phase('typecheck (domain, server)', npx('tsc', '-p', 'domain'), npx('tsc', '-p', 'server')),
  phase(
    'typecheck (web, e2e) + lint',
    npx('tsc', '-p', 'web'),
    npx('tsc', '-p', 'e2e'),
    npx('biome', 'check', '.'),
  ),
  phase(`vitest (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, npx('vitest', 'run')),
]);
await Promise.all([
  (async () => {
    if (await phase('build', () => run('npm', ['run', 'build']))) {
      await phase('playwright', () => run('npm', ['test', '-w', 'e2e']));
    } else results.push({ name: 'playwright', seconds: 0, failed: true, skipped: true });
  })(),
  pgliteToo &&
    phase('vitest server (PGlite)', () =>
      run('npx', ['vitest', 'run', '--project', 'server*'], secondPassEnv()),
    ),
]);

const width = Math.max(...results.map((r) => r.name.length));
process.stdout.write('\nphases:\n');
for (const r of results) {
  const state = r.skipped ? 'skipped (the build failed)' : r.failed ? 'FAILED' : 'ok';
  process.stdout.write(
    `  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s  ${state}\n`,
  );
}
process.stdout.write(
  `  ${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s\n`,
);
process.exit(results.some((r) => r.failed) ? 1 : 0);
