import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How `npm run cli -- backup` gets a backup of an embedded database that a running server owns
 * (PGlite allows one process per data directory; docs/decisions/011). The CLI drops a request
 * file in `DATA_DIR/backup-requests/` and sends the server SIGUSR2; the server dumps the database
 * between two queries and writes the file the request names. Only someone who may write DATA_DIR
 * and signal the server's process can ask: no new door is opened.
 */
export const backupRequestsDir = (dataDir: string) => join(dataDir, 'backup-requests');
export const BACKUP_SIGNAL = 'SIGUSR2';

export interface BackupRequest {
  /** Absolute path of the backup file to write. */
  target: string;
}

/** The server's side: answers every request found when the signal comes. */
export function answerBackupRequests(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: FastifyBaseLogger,
) {
  const dir = backupRequestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  let running: Promise<void> = Promise.resolve();
  const answerAll = async () => {
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const path = join(dir, name);
      let request: BackupRequest;
      try {
        request = JSON.parse(readFileSync(path, 'utf8')) as BackupRequest;
      } catch {
        continue; // still being written; the CLI signals again
      }
      rmSync(path, { force: true });
      try {
        const started = Date.now();
        const bytes = new Uint8Array(await (await dump()).arrayBuffer());
        writeFileSync(`${request.target}.partial`, bytes);
        renameSync(`${request.target}.partial`, request.target);
        log.info({ target: request.target, ms: Date.now() - started }, 'backup written');
      } catch (error) {
        log.error({ err: error }, 'backup failed');
        writeFileSync(`${request.target}.error`, (error as Error).message);
      }
    }
  };
  const onSignal = () => {
    running = running.then(answerAll, answerAll);
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
  };
}
