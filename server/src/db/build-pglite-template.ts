import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder, openDatabase } from './client.ts';
import { hasPgliteTemplate, templatePaths, templateStamp } from './pglite-template.ts';

/**
 * Makes the migrated, empty PGlite cluster a first start copies (pglite-template.ts) in `dist`:
 * `npm run build` (make-pglite-template.ts), and the server suites' set-up when no build made it
 * yet (their server processes start on new DATA_DIRs). One already made from this PGlite and
 * these migrations is only dated. Another process making it at the same time: one of the two
 * clusters is kept, whole.
 */
export async function buildPgliteTemplate(dist?: string): Promise<void> {
  const migrations = migrationsFolder();
  const { dir, stamp } = templatePaths(dist);
  if (hasPgliteTemplate(migrations)) {
    const now = new Date();
    utimesSync(stamp, now, now);
    return;
  }
  mkdirSync(join(dir, '..'), { recursive: true });
  // Beside the template (one file system: the cluster is renamed into place, not copied).
  const work = mkdtempSync(join(dir, '..', '.pglite-template-'));
  try {
    const database = await openDatabase({ dataDir: work });
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(stamp, { force: true });
    try {
      renameSync(join(work, 'pglite'), dir);
    } catch (error) {
      // Another process renamed its cluster into place between the two lines above.
      if (!existsSync(join(dir, 'PG_VERSION'))) throw error;
    }
    writeFileSync(stamp, `${templateStamp(migrations)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
