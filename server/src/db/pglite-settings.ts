import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The embedded engine's memory (measured on PGlite 0.5, docs/decisions/009): its WASM memory
 * starts at 128 MB and PostgreSQL's own defaults add 128 MB of shared buffers, 8 MB of temp
 * buffers and 4 MB of WAL buffers inside it. A shop's working set is far smaller, and every
 * page PGlite reads comes from the OS page cache anyway, so the buffers are cut.
 */
const startParams = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'wal_buffers=1MB',
];

/** pg_trgm serves part-number prefixes and typos in the catalog's search (migration 0007). */
export const pgliteOptions: PGliteOptions = { startParams, extensions: { pg_trgm } };

/**
 * initdb, on the first start, peaks near 800 MB and PGlite keeps most of it for the life of the
 * process. Run it in a child process, which gives the memory back when it exits; the serving
 * process then opens a ready cluster (~170 MB less at rest, measured).
 */
export async function initDataDirInChild(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = await PGlite.create(${JSON.stringify(dir)}, ${JSON.stringify({ startParams })});
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`initdb failed (${code}): ${stderr.trim()}`)),
    );
  });
}
