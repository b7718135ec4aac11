import { describe, expect, it } from 'vitest';
import { PRIVATE_ANSWER } from '../src/plugins/private-answers.ts';
import { signUp, signUpAdmin } from './auth-helper.ts';
import { buildTestApp } from './helper.ts';

/** Issue 31: every answer to someone signed in says `private, no-store`. Both databases. */
describe('Cache-Control on signed-in answers', async () => {
  const app = await buildTestApp();
  const buyer = await signUp(app);
  const admin = await signUpAdmin(app);
  const cookie = (who: { cookie: string }) => ({ cookie: who.cookie });
  const bearer = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  const named = [
    '/api/v1/cart',
    '/api/v1/company',
    '/api/v1/company/statement',
    '/api/v1/quotes',
    '/api/v1/lists',
    '/api/v1/garage',
    '/api/v1/user',
    '/api/v1/auth/get-session',
  ];

  it('the routes the issue names, by session cookie and by bearer token', async () => {
    for (const url of named)
      for (const headers of [cookie(buyer), bearer(buyer)]) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        expect(res.headers['cache-control'], url).toBe(PRIVATE_ANSWER);
      }
  });

  it('every API read without parameters, public ones included, when a signed-in admin asks', async () => {
    const urls = [
      ...new Set(
        app.routeTable
          .filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !/[:*]/.test(r.url))
          .map((r) => r.url),
      ),
    ];
    expect(urls.length).toBeGreaterThan(30);
    for (const url of urls) {
      const res = await get(url, cookie(admin));
      expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toBe(PRIVATE_ANSWER);
    }
  });

  it('a refusal of a private route says so too; a visitor’s public answers keep their headers', async () => {
    expect((await get('/api/v1/cart')).headers['cache-control']).toBe(PRIVATE_ANSWER);
    for (const url of [
      '/api/v1/tools',
      '/api/v1/catalog/search?q=bearing',
      '/api/v1/catalog/categories',
      '/api/v1/health',
      '/sitemap.xml',
      '/robots.txt',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'] ?? '', url).not.toMatch(/private|no-store/);
    }
    expect((await get('/robots.txt')).headers['cache-control']).toMatch(/^public, max-age=/);
  });
});
