import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';

/**
 * A web build whose server renderer fails its first render, as when a page module fails to load
 * (issue 31: the build was rewritten under a running server). The real renderer then throws, and
 * its next render loads the module again (web/src/entry-server.test.tsx).
 */
const FAILS_ONCE = `
let renders = 0;
export const isServerRendered = (path) => path === '/';
export function connectApi() {}
export async function renderPage() {
  renders += 1;
  if (renders === 1) throw new Error('home page chunk failed to load');
  return { status: 200, head: '<title>Home</title>', body: '<main>Home, render ' + renders + '</main>', state: '{}' };
}
`;

describe('server render: a render that fails', async () => {
  const web = mkdtempSync(join(tmpdir(), 'pp-web-'));
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  mkdirSync(join(web, '.server'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>Proper Parts</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(web, '.server', 'entry-server.js'), FAILS_ONCE);
  const app = await buildTestApp({ WEB_DIST_DIR: web });

  it('answers 500 with the app shell, kept by no one; the next request renders the page, 200', async () => {
    const failed = await app.inject({ url: '/' });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.headers.etag).toBeUndefined();
    // The browser still draws the page from the shell's scripts.
    expect(failed.body).toContain('<div id="root"></div>');

    const next = await app.inject({ url: '/' });
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('<main>Home, render 2</main>');
    // The good render is the one kept: the third request gets it from memory.
    const third = await app.inject({ url: '/' });
    expect(third.statusCode).toBe(200);
    expect(third.body).toContain('<main>Home, render 2</main>');
  });
});
