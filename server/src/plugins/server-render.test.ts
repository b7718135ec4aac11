import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { webBuildWithRenderer } from '../../test/web-build.ts';
import { seedDemoCatalog } from '../features/catalog/demo-seed.ts';
import { PAGES_MAX_BYTES } from './server-render.ts';

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
  const app = await buildTestApp({ WEB_DIST_DIR: webBuildWithRenderer(FAILS_ONCE) });

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

/** Pages of 1 MB each: the cache keeps what its bytes allow, not 2,000 of them. */
const HEAVY_PAGES = `
const renders = new Map();
export const isServerRendered = (path) => path.startsWith('/heavy/');
export function connectApi() {}
export async function renderPage(url) {
  renders.set(url, (renders.get(url) ?? 0) + 1);
  const body = '<main>' + url + ' render ' + renders.get(url) + '</main>' + '<p>' + 'x'.repeat(2 ** 20) + '</p>';
  return { status: 200, head: '<title>Heavy</title>', body, state: '{}' };
}
`;

describe('server render: rendered pages kept within their bytes', async () => {
  const app = await buildTestApp({ WEB_DIST_DIR: webBuildWithRenderer(HEAVY_PAGES) });

  it('past PAGES_MAX_BYTES the oldest pages go and render again; the newest stay', async () => {
    const pages = Math.ceil(PAGES_MAX_BYTES / 2 ** 20) + 4;
    for (let i = 0; i < pages; i++) {
      const page = await app.inject({ url: `/heavy/${i}` });
      expect(page.body).toContain(`/heavy/${i} render 1`);
    }
    expect((await app.inject({ url: `/heavy/${pages - 1}` })).body).toContain('render 1');
    expect((await app.inject({ url: '/heavy/0' })).body).toContain('/heavy/0 render 2');
  });
});

/** A product page that reads its product as the web's renderer does, through `connectApi`. */
const PRODUCT_PAGES = `
let api;
export const isServerRendered = (path) => path.startsWith('/products/');
export function connectApi(transport) { api = transport; }
export async function renderPage(url) {
  const slug = url.slice('/products/'.length);
  // 'raw-' and an escaped path: that path as it is (a bad escape included); else the slug encoded
  // as the web does.
  const path = slug.startsWith('raw-') ? decodeURIComponent(slug.slice(4)) : encodeURIComponent(slug);
  const res = await api('/api/v1/catalog/products/' + path, { method: 'GET' });
  const json = await res.json();
  const body = res.status === 200 ? '<h1>' + json.data.name + '</h1>' : '<p>' + json.message + '</p>';
  return { status: res.status, head: '<title>Part</title>', body, state: '{}' };
}
`;

describe('server render: a product page reads its product directly', async () => {
  const app = await buildTestApp({ WEB_DIST_DIR: webBuildWithRenderer(PRODUCT_PAGES) });
  await seedDemoCatalog(app.db, { parts: 20 });
  const [part] = (await app.db.execute(sql`select slug, name from products limit 1`)).rows as {
    slug: string;
    name: string;
  }[];

  it('from the catalog’s answer, not through an in-process request; an unknown part through the route', async () => {
    const inject = vi.spyOn(app, 'inject');
    const page = await app.inject({ url: `/products/${part?.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${part?.name}</h1>`);
    // The page's own request only.
    expect(inject).toHaveBeenCalledTimes(1);
    const missing = await app.inject({ url: '/products/no-such-part' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<p>Product not found</p>');
    expect(inject).toHaveBeenCalledTimes(3);
    // A product read whose slug does not decode goes to the route, which refuses it: no 500.
    const malformed = await app.inject({ url: '/products/raw-%25E0%25A4%25A' });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    inject.mockRestore();
  });
});
