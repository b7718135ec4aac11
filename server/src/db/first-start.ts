import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Set in the child that prepares a new data directory; the child exits once it is ready. */
export const PREPARE_DATA_DIR_ENV = 'PP_PREPARE_DATA_DIR';

/** True in the child that `prepareDataDirInChild` started. */
export const isPreparingDataDir = () => process.env[PREPARE_DATA_DIR_ENV] === '1';

/**
 * The first start on embedded PGlite (initdb, the migrations, the demo catalog's 10,000 products
 * and their indexes) lifts the engine's WASM memory to ~440 MB, and PGlite never gives it back.
 * That work runs in a child process (this same entry, `entry`, with `PP_PREPARE_DATA_DIR=1`)
 * that exits before the serving process opens the ready directory (decision 009).
 * Nothing to do when the directory already holds a cluster, or on PostgreSQL.
 */
export async function prepareDataDirInChild(dataDir: string, entry: string): Promise<void> {
  if (existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) return;
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
