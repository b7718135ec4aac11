import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectApi, renderPage } from './entry-server';

/** How many of the next loads of each page module fail (as a chunk the build rewrote would). */
const failing = vi.hoisted(() => ({ home: 0, brands: 0 }));

vi.mock('./pages/home-page', async (importOriginal) => {
  if (failing.home > 0) {
    failing.home--;
    throw new Error('home page chunk failed to load');
  }
  return importOriginal();
});
vi.mock('./pages/brands-page', async (importOriginal) => {
  if (failing.brands > 0) {
    failing.brands--;
    throw new Error('brands page chunk failed to load');
  }
  return importOriginal();
});

// The API has nothing (a 4xx is not asked again): the pages render their empty states, enough here.
connectApi(async () => Response.json({ success: false, message: 'Not found' }, { status: 404 }));

const origin = 'https://shop.example';

/**
 * Issue 31: a page module that failed to load once (the build rewritten under a running server)
 * left every later render of that page the error element's, with 200, until a restart.
 */
describe('server render: a page module that fails to load once', () => {
  afterEach(() => {
    failing.home = 0;
    failing.brands = 0;
  });

  it('the home page (a route module): the render fails, the next one loads it again', async () => {
    failing.home = 1;
    await expect(renderPage('/', origin)).rejects.toThrow(/mocking a module/);
    const page = await renderPage('/', origin);
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/Something went wrong/);
  });

  it('a lazy page component: the render fails, the next one loads it again', async () => {
    failing.brands = 1;
    await expect(renderPage('/brands', origin)).rejects.toThrow(/mocking a module/);
    const page = await renderPage('/brands', origin);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<h1[^>]*>[^<]*Brands/i);
  });
});
