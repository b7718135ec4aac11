// `npm test`: the build, typecheck and lint, the Vitest suites and the Playwright journeys, as
// phases; prints each phase's time and result at the end and exits non-zero when any failed.
// A phase runs even when an earlier one failed (CI reports every failure in one run), except the
// journeys, which need the build. The server tests run the build's server and CLI where they
// start processes (PP_TEST_BUILT_SERVER=1), through tsx only when the build failed.
//
// With DATABASE_URL set the Vitest suites run on that PostgreSQL server; with TEST_PGLITE_TOO=1
// as well (CI), the server suites run a second time on embedded PGlite, in six shards, beside the journeys
// (less the files that start their servers on both databases themselves: they ran once).
import { spawn } from 'node:child_process';
import { PROJECTS, typecheck } from './typecheck.mjs';

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
// The build first, beside the typechecks and the lint: the server tests then start the built
// server and CLI (PP_TEST_BUILT_SERVER), as `npm start` runs them, not each through tsx.
const building = phase('build', () => run('npm', ['run', 'build']));
const built = () => !results.find((r) => r.name === 'build')?.failed;
const builtEnv = (env) => (built() ? { ...env, PP_TEST_BUILT_SERVER: '1' } : env);
await Promise.all([
  building,
  phase('typecheck (TypeScript 7)', ...PROJECTS.map((project) => () => typecheck(project))),
  phase('lint', npx('biome', 'check', '.')),
  building.then(() =>
    phase(`vitest (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () =>
      run('npx', ['vitest', 'run'], builtEnv(process.env)),
    ),
  ),
]);
const journeys = built()
  ? phase('playwright', () => run('npm', ['test', '-w', 'e2e']))
  : Promise.resolve(results.push({ name: 'playwright', seconds: 0, failed: true, skipped: true }));
if (pgliteToo) {
  // The PGlite pass in shards, from one queue, one file at a time in each of two lanes: the first
  // lane beside the journeys (two workers beside two browsers starved both on two cores, stop 46),
  // the second once the journeys are done. One pass of one worker went on alone for 464 s after
  // the journeys had finished (stop 47); with shards the two lanes end within a shard of each other.
  const shards = 6;
  let next = 1;
  const lane = async () => {
    while (next <= shards) {
      const shard = next++;
      await phase(`vitest server (PGlite) ${shard}/${shards}`, () =>
        run(
          'npx',
          ['vitest', 'run', '--project', 'server*', '--maxWorkers=1', `--shard=${shard}/${shards}`],
          builtEnv(secondPassEnv()),
        ),
      );
    }
  };
  await Promise.all([journeys, lane(), journeys.then(lane)]);
} else await journeys;

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
