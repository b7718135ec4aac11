import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../errors.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process holding DATA_DIR's lock, if any (the CLI asks it for backups). */
export function liveLockOwner(dataDir: string): number | undefined {
  try {
    const owner = Number.parseInt(readFileSync(join(dataDir, 'server.lock'), 'utf8'), 10);
    return Number.isInteger(owner) && owner !== process.pid && isAlive(owner) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite has no lock between processes and two owners corrupt the data silently, so the server
 * takes `<dataDir>/server.lock` (holding its pid) and refuses to start while another live process
 * holds it. A lock left by a killed process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => Promise<void> {
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return async () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new StartupError(
          `DATA_DIR ${dataDir} is in use by another server (pid ${owner}); stop it first`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new StartupError(`Cannot take the lock ${path}`);
}
