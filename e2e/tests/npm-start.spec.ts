import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/free-port.ts';

const root = join(import.meta.dirname, '..', '..');

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Issue 31: a process manager stops the process it started. SIGTERM to `npm start`'s own PID
 * used to end npm alone, leaving scripts/start.mjs and the server holding the port and DATA_DIR.
 */
test('SIGTERM to npm start stops the server and frees its port', async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-e2e-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: 'ignore' });
  const npmPid = npm.pid ?? 0;
  const npmExited = new Promise((resolve) => npm.once('exit', resolve));
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
    process.kill(npmPid, 'SIGTERM');
    await npmExited;
    await expect.poll(() => portAnswers(port), { timeout: 15_000 }).toBe(false);
    // Nothing of ours is left: no process still holds the data directory.
    const holders = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
      .split('\n')
      .filter(
        (line) => line.includes('server/dist/server.js') || line.includes('scripts/start.mjs'),
      )
      .map((line) => Number(line.trim().split(/\s+/)[0]))
      .filter((pid) => pid !== npmPid && processAlive(pid));
    const ours = holders.filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`DATA_DIR=${dataDir}`);
      } catch {
        return false;
      }
    });
    expect(ours).toEqual([]);
  } finally {
    if (processAlive(npmPid)) process.kill(npmPid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
