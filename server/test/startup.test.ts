import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/support/free-port.ts';
import { serverEntry as entry, TEST_DEMO_PARTS } from './server-process.ts';
import { webBuildWithRenderer } from './web-build.ts';

const baseEnv = {
  ...process.env,
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  DEMO_CATALOG_PARTS: String(TEST_DEMO_PARTS),
};
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

function runToExit(env: Record<string, string>) {
  return spawnSync('node', entry, {
    env: { ...baseEnv, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

async function startServer(env: Record<string, string>) {
  const child = spawn('node', entry, { env: { ...baseEnv, ...env }, stdio: 'pipe' });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  // A first start seeds the demo catalog and its fitments: about 90 s on a slow 2-core machine.
  for (let i = 0; i < 720; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { child, url, stderr: () => stderr };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const stopped = (child: ChildProcess) => new Promise((r) => child.once('exit', r));

/**
 * A server renderer that loads React's server renderer from the repository's node_modules, as the
 * real one does (an import left outside its bundle), and renders which of React's builds that
 * loaded and what NODE_ENV was when it did.
 */
const REACT_REPORTER = `import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(join(import.meta.dirname, '..', '..', 'web', 'package.json'))});
const nodeEnv = process.env.NODE_ENV;
require('react-dom/server');
const builds = Object.keys(require.cache)
  .map((file) => /react-dom-server\\.node\\.(production|development)\\.js$/.exec(file)?.[1])
  .filter(Boolean);
export const isServerRendered = () => true;
export function connectApi() {}
export async function renderPage() {
  return { status: 200, head: '', body: \`<p id="react">\${nodeEnv} \${builds.join(',')}</p>\`, state: '{}' };
}
`;

describe('start-up', () => {
  it('stops with one clear line and exit code 1 on a bad PORT', () => {
    const run = runToExit({ PORT: 'abc', DATA_DIR: tempDir() });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'proper-parts: Invalid configuration: PORT="abc" must be a port number',
    ]);
  });

  it('stops with one clear line and exit code 1 on an unwritable DATA_DIR', () => {
    if (process.getuid?.() === 0) {
      // root writes anywhere; a path under a regular file can never be a folder
      const dir = join(tempDir(), 'file');
      spawnSync('touch', [dir]);
      const run = runToExit({ DATA_DIR: join(dir, 'data'), PORT: '0' });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^proper-parts: DATA_DIR .* is not writable/);
      return;
    }
    const dir = tempDir();
    chmodSync(dir, 0o500);
    const run = runToExit({ DATA_DIR: join(dir, 'data'), PORT: '0' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^proper-parts: DATA_DIR .* is not writable/);
  });

  it('fails fast, not hangs, on a DATA_DIR that can never be created (under /proc)', () => {
    const run = runToExit({ DATA_DIR: '/proc/proper-parts/data', PORT: '0' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^proper-parts: DATA_DIR \/proc\/proper-parts\/data is not writable/,
    );
  });

  it('renders pages with React’s production build when NODE_ENV is unset, as `npm start` leaves it', async () => {
    const server = await startServer({
      DATA_DIR: tempDir(),
      PORT: String(await freePort()),
      SEED_DEMO: 'false',
      NODE_ENV: '',
      WEB_DIST_DIR: webBuildWithRenderer(REACT_REPORTER),
    });
    try {
      const page = await fetch(`${server.url}/products/any-part`, {
        headers: { accept: 'text/html' },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<p id="react">production production</p>');
    } finally {
      server.child.kill('SIGTERM');
      await stopped(server.child);
    }
  }, 120_000);

  it('keeps committed data through kill -9, and refuses a second server on the same DATA_DIR', async () => {
    const dataDir = tempDir();
    const port = String(await freePort());
    const first = await startServer({ DATA_DIR: dataDir, PORT: port, SEED_DEMO: 'true' });
    const signUp = await fetch(`${first.url}/api/v1/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Durable',
        email: 'durable@example.com',
        password: 'secret123',
      }),
    });
    expect(signUp.status).toBe(200);
    // A clean start: no deprecation or other runtime warnings (FSTDEP022 was one).
    expect(first.stderr()).not.toMatch(/Warning|FSTDEP|DEP0/);

    const second = runToExit({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/is in use by another server/);

    first.child.kill('SIGKILL');
    await stopped(first.child);

    const again = await startServer({ DATA_DIR: dataDir, PORT: port, SEED_DEMO: 'true' });
    // The demo catalog loads while the shop serves (decision 034): a start killed mid-way is
    // finished by the next one.
    for (let i = 0; i < 1200; i++) {
      const progress = await fetch(`${again.url}/api/v1/catalog/demo-progress`);
      if (((await progress.json()) as { data: unknown }).data === null) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    // The demo catalog, once: not lost, not seeded a second time.
    // Counted by the category tree's roots: a search counts only up to 1,000 since issue 32.
    const roots = (await (await fetch(`${again.url}/api/v1/catalog/categories`)).json()) as {
      data: { count: number }[];
    };
    expect(roots.data.reduce((sum, root) => sum + root.count, 0)).toBe(TEST_DEMO_PARTS);
    const signIn = await fetch(`${again.url}/api/v1/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'durable@example.com', password: 'secret123' }),
    });
    expect(signIn.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await stopped(again.child)).toBe(0);
  }, 420_000);
});
