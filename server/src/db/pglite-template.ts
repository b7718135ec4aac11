import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run build` leaves a migrated, empty PGlite cluster in `server/dist/pglite-template`, with
 * what it was made from beside it. The first start on an empty DATA_DIR copies it (a fraction of
 * a second) instead of running initdb and the migrations (~9 s of CPU, decision 034).
 */
const TEMPLATE = 'pglite-template';

/** `server/dist`, from `src/db` (tests, tsx) or from `dist` (built). */
function distDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return existsSync(join(here, 'server.js')) ? here : resolve(here, '../../dist');
}

/** What a template must have been made from: this PGlite and these migrations. */
export function templateStamp(migrationsFolder: string): string {
  // require.resolve, not import.meta.resolve: the test suites' set-up (Vite's module runner) calls
  // this too, and has no import.meta.resolve.
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let packageDir = dirname(pglite);
  while (!existsSync(join(packageDir, 'package.json'))) packageDir = dirname(packageDir);
  const hash = createHash('sha256');
  hash.update(readFileSync(join(packageDir, 'package.json')));
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(join(migrationsFolder, file)));
  }
  return hash.digest('hex');
}

export const templatePaths = (dist = distDir()) => ({
  dir: join(dist, TEMPLATE),
  stamp: join(dist, `${TEMPLATE}.stamp`),
});

/** Whether the build's template is there and made from this PGlite and these migrations. */
export function hasPgliteTemplate(migrationsFolder: string): boolean {
  const { dir, stamp } = templatePaths();
  try {
    const ready = existsSync(join(dir, 'PG_VERSION'));
    return ready && readFileSync(stamp, 'utf8').trim() === templateStamp(migrationsFolder);
  } catch {
    return false;
  }
}

/**
 * Copies the template into `dir` when `dir` holds nothing yet and the template matches: into a
 * folder beside it first, renamed at the end, so a start killed mid-copy leaves no half cluster.
 * False when it did not (a cluster already there, no template): initdb then makes one.
 */
export function copyPgliteTemplate(dir: string, migrationsFolder: string): boolean {
  const empty = !existsSync(dir) || readdirSync(dir).length === 0;
  if (!empty || !hasPgliteTemplate(migrationsFolder)) return false;
  const copy = `${dir}.copy-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(templatePaths().dir, copy, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(copy, dir);
  return true;
}
