import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';

describe('robots.txt and sitemap.xml', async () => {
  const app = await buildTestApp({ PUBLIC_URL: 'https://parts.example.com/' });

  it('robots.txt allows the public pages, keeps out the API and dashboard, names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nAllow: /\n');
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Disallow: /dashboard\n');
    expect(res.body).toContain('Sitemap: https://parts.example.com/sitemap.xml\n');
  });

  it('sitemap.xml lists home, blogs and portfolio with absolute URLs from PUBLIC_URL, whatever the Host', async () => {
    const res = await app.inject({
      url: '/sitemap.xml',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://parts.example.com/',
      'https://parts.example.com/blogs',
      'https://parts.example.com/portfolio',
    ]);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.body).not.toContain('evil');
  });

  it('neither shows up in the API document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/robots.txt');
    expect(Object.keys(doc.paths)).not.toContain('/sitemap.xml');
  });
});
