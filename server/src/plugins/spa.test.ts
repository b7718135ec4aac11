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

  it('answers from memory: the file as built, even when the disk changes after the start', async () => {
    writeFileSync(file, 'overwritten');
    writeFileSync(join(web, 'assets', 'later-def456.js'), 'export {}');
    expect((await get()).body).toBe(script);
    const later = await app.inject({ url: '/assets/later-def456.js' });
    expect(later.statusCode).toBe(404);
    expect(later.json()).toMatchObject({ success: false });
  });

  it('a browser that holds the file gets 304 without a body; HEAD gets the headers', async () => {
    const first = await get('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'if-none-match': etag, 'accept-encoding': 'br' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/assets/missing-000.js', '/assets/..%2Findex.html', '/assets/index-abc123.js.br'])(
    '%s is a 404, never another file',
    async (url) => {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    },
  );
});
