// `npm run typecheck`: each project checked by TypeScript 7, the native compiler (decision 043:
// a third of TypeScript 5.9's CPU, which CI paid twice on two cores). TypeScript 5.9 stays
// installed as `typescript` for the compiler API that openapi-typescript and the API document's
// test call. Both are installed with a `tsc` command, so this names TypeScript 7's own.
// `node scripts/typecheck.mjs web e2e` checks only those projects.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = fileURLToPath(import.meta.resolve('typescript-native/package.json'));
export const tsc = join(dirname(manifest), 'bin', 'tsc');

/** The projects `npm run typecheck` and `npm test` check, each with its tsconfig.json. */
export const PROJECTS = ['domain', 'server', 'web', 'e2e'];

/** Checks `project` (a folder with a tsconfig.json); answers tsc's exit code. */
export function typecheck(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const projects = process.argv.length > 2 ? process.argv.slice(2) : PROJECTS;
  let failed = false;
  for (const project of projects) if ((await typecheck(project)) !== 0) failed = true;
  process.exit(failed ? 1 : 0);
}
