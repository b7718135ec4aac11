// `npm run build -w server` runs the built copy of this file (dist/make-pglite-template.js): it
// makes the migrated, empty PGlite cluster that a first start copies (pglite-template.ts).
import { mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder, openDatabase } from './client.ts';
import { hasPgliteTemplate, templatePaths, templateStamp } from './pglite-template.ts';

const migrations = migrationsFolder();
const { dir, stamp } = templatePaths(import.meta.dirname);
// Made from this PGlite and these migrations already: only dated, as this build's last output.
if (hasPgliteTemplate(migrations)) {
  const now = new Date();
  utimesSync(stamp, now, now);
} else {
  // Beside the template (one file system: the cluster is renamed into place, not copied).
  const work = mkdtempSync(join(import.meta.dirname, '.pglite-template-'));
  try {
    const database = await openDatabase({ dataDir: work });
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(stamp, { force: true });
    renameSync(join(work, 'pglite'), dir);
    writeFileSync(stamp, `${templateStamp(migrations)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
