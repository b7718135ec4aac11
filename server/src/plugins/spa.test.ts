import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';

/** Built files are sent as the build compressed them, never compressed again per request. */
describe('hashed assets: the build’s .br and .gz copies', async () => {
  const web = mkdtempSync(join(tmpdir(), 'pp-web-'));
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  mkdirSync(join(web, 'assets'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><title>Proper Parts</title><div id="root">',
  );
  const script = `export const parts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `part ${i}`))};`;
  const file = join(web, 'assets', 'index-abc123.js');
  writeFileSync(file, script);
  // The copies carry a mark the original lacks: what arrives shows which file was sent.
  const built = `${script}\n// precompressed by the build`;
  writeFileSync(`${file}.br`, brotliCompressSync(built));
  writeFileSync(`${file}.gz`, gzipSync(built));
  const app = await buildTestApp({ WEB_DIST_DIR: web });
  const get = (encoding?: string) =>
    app.inject({
      url: '/assets/index-abc123.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('brotli to a browser that takes it, the stored bytes, with the type of the original', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(built);
  });

  it('gzip when brotli is not accepted, the plain file when nothing is', async () => {
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(built);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
