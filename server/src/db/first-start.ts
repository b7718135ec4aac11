import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from './client.ts';
import { hasPgliteTemplate } from './pglite-template.ts';

/** Set in the child that prepares a new data directory; the child exits once it is ready. */
export const PREPARE_DATA_DIR_ENV = 'PP_PREPARE_DATA_DIR';

/** True in the child that `prepareDataDirInChild` started. */
export const isPreparingDataDir = () => process.env[PREPARE_DATA_DIR_ENV] === '1';

/**
 * A new cluster on embedded PGlite (initdb, the migrations) lifts the engine's WASM memory, and
 * PGlite never gives it back. Without the build's template to copy (decision 034), that work runs
 * in a child process (this same entry, `entry`, with `PP_PREPARE_DATA_DIR=1`) that exits before
 * the serving process opens the ready directory (decision 009). Nothing to do when the directory
 * already holds a cluster, when the template is there (the serving process copies it), or on
 * PostgreSQL.
 */
export async function prepareDataDirInChild(dataDir: string, entry: string): Promise<void> {
  if (existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) return;
  if (hasPgliteTemplate(migrationsFolder())) return;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      env: { ...process.env, [PREPARE_DATA_DIR_ENV]: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      // The child has said why on stderr, in the start-up's one line: end the same way.
      if (code !== null) process.exit(code);
      reject(new Error(`preparing ${dataDir} was stopped by ${signal}`));
    });
  });
}
