import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, changesSettled } from '../../test/helper.ts';
import { seedDemoCatalog } from '../features/catalog/demo-seed.ts';
import { scriptSafe, withImagePreload } from './first-html.ts';

/**
 * Pages carry the API answers they need at once inside their first HTML. Without the web's server build (dev, or these tests: no dist/.server), pages are drawn in the
 * browser from index.html, and the data they need at once travels inside it.
 */
describe('first HTML: the featured six and a purchase page’s product inside the page', async () => {
  const web = mkdtempSync(join(tmpdir(), 'pp-web-'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html><head><title>Proper Parts</title></head><body><div id="root"></div></body></html>',
  );
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  const app = await buildTestApp({ WEB_DIST_DIR: web });
  await seedDemoCatalog(app.db, { parts: 1000 });

  const firstData = (html: string) => {
    const json = html.match(
      /<script type="application\/json" id="first-data">(.*?)<\/script>/,
    )?.[1];
    return json ? (JSON.parse(json) as Record<string, unknown>) : undefined;
  };

  it('the home page holds GET /api/v1/tools?limit=6, byte for byte the API answer', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await app.inject({ url: '/api/v1/tools?limit=6' });
    expect(firstData(page.body)).toEqual({ '/api/v1/tools?limit=6': api.json() });
    expect(api.json().data).toHaveLength(6);
  });

  it('a purchase page holds its product; an unknown one and other pages hold nothing', async () => {
    const [first] = (await app.inject({ url: '/api/v1/tools?limit=1' })).json().data;
    const page = await app.inject({ url: `/purchase/${first._id}` });
    expect(firstData(page.body)).toEqual({
      [`/api/v1/tools/${first._id}`]: { success: true, data: first },
    });
    const unknown = await app.inject({ url: '/purchase/00000000-0000-4000-8000-000000000000' });
    expect(firstData(unknown.body)).toBeUndefined();
    expect(firstData((await app.inject({ url: '/blogs' })).body)).toBeUndefined();
  });

  it('a product name holding </script> cannot end the data block (stored script)', async () => {
    expect(scriptSafe('{"name":"</script><script>alert(1)</script>"}')).not.toContain('<');
    await app.db.execute(
      sql`update products set name = '</script><script>alert(1)</script>'
          where id = (select id from products order by created_at desc, id desc limit 1)`,
    );
    // Written straight in the database: the page shows it once the notification is in.
    await changesSettled(app);
    const page = await app.inject({ url: '/' });
    expect(page.body).not.toContain('<script>alert(1)');
    const data = firstData(page.body) as Record<string, { data: { name: string }[] }>;
    expect(data['/api/v1/tools?limit=6']?.data[0]?.name).toBe('</script><script>alert(1)</script>');
  });

  it.each(['$`', "$'", '$&', '$$', '$1', '$<name>'])(
    'a product name and description holding %s reach the page as written',
    async (pattern) => {
      const name = `Gear ${pattern} pump`;
      const description = `Before ${pattern} after`;
      await app.db.execute(
        sql`update products set name = ${name}, description = ${description}
            where id = (select id from products order by created_at desc, id desc limit 1)`,
      );
      await changesSettled(app);
      const newest = async () => {
        const page = await app.inject({ url: '/' });
        const data = firstData(page.body) as Record<
          string,
          { data: { name: string; description: string }[] }
        >;
        return { page: page.body, product: data['/api/v1/tools?limit=6']?.data[0] };
      };
      await expect.poll(async () => (await newest()).product).toMatchObject({ name, description });
      // The document appears once: a pattern that expanded would copy it into the JSON.
      expect((await newest()).page.match(/<!doctype html>/gi)).toHaveLength(1);
    },
  );

  it('pages go out brotli or gzip by Accept-Encoding, the same bytes once decompressed', async () => {
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Under the threshold (1 KB), a page goes as it is: the header would cost more than it saves.
    const small = await app.inject({ url: '/blogs', headers: { 'accept-encoding': 'br' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('API answers that are not cached go compressed too (@fastify/compress)', async () => {
    const docs = await app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString()).openapi).toMatch(/^3/);
  });

  it('a purchase page preloads its product’s image, escaped; the home page and other sites’ images are not', async () => {
    const [first] = (await app.inject({ url: '/api/v1/tools?limit=1' })).json().data;
    const page = (await app.inject({ url: `/purchase/${first._id}` })).body;
    expect(page).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${first.img}"></head>`,
    );
    expect((await app.inject({ url: '/' })).body).not.toContain('rel="preload" as="image"');

    const html = '<html><head></head><body></body></html>';
    expect(withImagePreload(html, '/uploads/a"><script>alert(1)</script>.png')).toBe(
      '<html><head><link rel="preload" as="image" fetchpriority="high" ' +
        'href="/uploads/a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.png"></head><body></body></html>',
    );
    for (const elsewhere of [
      'https://cdn.example.com/a.png',
      '//cdn.example.com/a.png',
      undefined,
    ]) {
      expect(withImagePreload(html, elsewhere)).toBe(html);
    }
  });
});
