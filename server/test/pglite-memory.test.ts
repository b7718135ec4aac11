import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';
import { serverEntry as entry } from './server-process.ts';

/**
 * The first start on an empty DATA_DIR runs PGlite's initdb, which peaks near 800 MB; it runs in
 * a child process so the serving process never holds that peak (docs/decisions/009), or is not
 * run at all when the build left its template (decision 034). The demo catalog then loads in the
 * serving process, in steps small enough to keep it under the bound.
 */
const dir = mkdtempSync(join(tmpdir(), 'pp-memory-'));
let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const kbOf = (status: string, field: string) =>
  Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? Number.NaN);

describe('PGlite memory on the first start', () => {
  it('the first start (initdb or the template, migrations, then the 10,000-product seed in steps) keeps the serving process far below', {
    timeout: 400_000,
  }, async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      SEED_DEMO: 'true',
    };
    // As `npm start` runs it (heap cap, --liftoff-only: decision 026): the seed now runs in the
    // serving process, and without the cap V8 grows its old space lazily (decision 017).
    child = spawn('node', [...serverNodeFlags(env), ...entry], { env, stdio: 'ignore' });
    let up = false;
    for (let i = 0; i < 600 && !up; i++) {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
      try {
        up = (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok;
      } catch {}
      if (!up) await new Promise((r) => setTimeout(r, 250));
    }
    expect(up).toBe(true);
    // The bound holds once the demo catalog and its fitments are all in.
    const url = `http://127.0.0.1:${port}/api/v1`;
    const ask = async (path: string) =>
      ((await (await fetch(`${url}${path}`)).json()) as { data: unknown }).data;
    for (let i = 0; i < 1200; i++) {
      const [progress, years] = [await ask('/catalog/demo-progress'), await ask('/vehicles/years')];
      if (progress === null && Array.isArray(years) && years.length > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await ask('/catalog/demo-progress')).toBeNull();
    expect(existsSync(join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    // Peak resident memory of the server process over its whole life (initdb in it: ~800 MB).
    expect(kbOf(status, 'VmHWM') / 1024).toBeLessThan(450);
  });
});
