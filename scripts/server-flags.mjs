// The Node settings the server runs with: `npm start` passes them to the server's process, and the
// benchmarks measure the server with them (docs/decisions/026). A flag the user already gives in
// NODE_OPTIONS is left to the user.
import { spawnSync } from 'node:child_process';

/** Whether this Node takes a V8 flag (an unknown one stops Node with "bad option"). */
const accepted = (flag) =>
  spawnSync(process.execPath, [flag, '-e', '0'], { stdio: 'ignore' }).status === 0;

/**
 * - `--max-old-space-size=192`: V8's old space collected instead of grown lazily under load
 *   (decision 017: 275 MB of RSS in 10 s of searches, 161 MB with a cap).
 * - `--max-semi-space-size=4`: the young generation at 2 × 4 MB instead of up to 2 × 16 MB, which
 *   the requests waiting for the database under load filled (the heap 25-35 MB smaller).
 * - `--liftoff-only` (the embedded database only, when this Node has it): PGlite's WebAssembly
 *   stays on V8's baseline compiler; the optimized copies of its hot functions cost 60-90 MB.
 */
export function serverNodeFlags(env = process.env) {
  const flags = ['--max-old-space-size=192', '--max-semi-space-size=4'];
  if (!env.DATABASE_URL && accepted('--liftoff-only')) flags.push('--liftoff-only');
  const given = env.NODE_OPTIONS ?? '';
  return flags.filter((flag) => !given.includes(flag.split('=')[0]));
}
