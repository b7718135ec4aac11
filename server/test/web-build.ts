import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A web build of one index.html and the given server renderer (`.server/entry-server.js`'s
 * source), for `buildTestApp({ WEB_DIST_DIR })`; removed after the file's tests.
 */
export function webBuildWithRenderer(renderer: string): string {
  const web = mkdtempSync(join(tmpdir(), 'pp-web-'));
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  mkdirSync(join(web, '.server'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>Proper Parts</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(web, '.server', 'entry-server.js'), renderer);
  return web;
}
