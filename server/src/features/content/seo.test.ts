import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { seedDemoCatalog } from '../catalog/demo-seed.ts';
import { SITEMAP_URLS_PER_FILE } from './seo-routes.ts';

describe('robots.txt and sitemap.xml', async () => {
  const app = await buildTestApp({ PUBLIC_URL: 'https://parts.example.com/' });
  await seedDemoCatalog(app.db, { parts: 1000 });
  const liveProducts = async () =>
    Number(
      (
        await app.db.execute<{ n: number }>(
          sql`select count(*)::int as n from products where deleted_at is null`,
        )
      ).rows[0]?.n,
    );

  it('robots.txt allows the public pages, keeps out the API and dashboard, names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *\nAllow: /\nAllow: /products/\n');
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Disallow: /dashboard\n');
    expect(res.body).toContain('Sitemap: https://parts.example.com/sitemap.xml\n');
  });

  it('sitemap.xml is an index of the pages and of product sitemaps, with absolute URLs from PUBLIC_URL, whatever the Host', async () => {
    const res = await app.inject({
      url: '/sitemap.xml',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const live = await liveProducts();
    const files = Math.ceil(live / SITEMAP_URLS_PER_FILE);
    expect(files).toBeGreaterThan(0);
    expect(res.body).toMatch(
      new RegExp(
        `^<\\?xml version="1.0" encoding="UTF-8"\\?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n(  <sitemap><loc>[^<&]+</loc>(<lastmod>[0-9T:.-]+Z</lastmod>)?</sitemap>\n){${files + 1}}</sitemapindex>\n$`,
      ),
    );
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://parts.example.com/sitemaps/pages.xml',
      ...Array.from(
        { length: files },
        (_, i) => `https://parts.example.com/sitemaps/products-${i + 1}.xml`,
      ),
    ]);
    expect(res.body).not.toContain('evil');
  });

  it('the pages sitemap lists the public pages, each category and each brand', async () => {
    const res = await app.inject({ url: '/sitemaps/pages.xml' });
    expect(res.statusCode).toBe(200);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of ['/', '/products', '/brands', '/categories', '/blogs', '/portfolio'])
      expect(locs).toContain(`https://parts.example.com${path}`);
    const [counts] = (
      await app.db.execute<{ categories: number; brands: number }>(
        sql`select (select count(*)::int from categories) as categories, (select count(*)::int from brands) as brands`,
      )
    ).rows;
    expect(locs.filter((loc) => loc?.includes('?category='))).toHaveLength(
      Number(counts?.categories),
    );
    expect(locs.filter((loc) => loc?.includes('?brand='))).toHaveLength(Number(counts?.brands));
  });

  it('a product sitemap streams every live product once, with lastmod; past the last file is a 404', async () => {
    const res = await app.inject({ url: '/sitemaps/products-1.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const live = await liveProducts();
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n( {2}<url><loc>https:\/\/parts\.example\.com\/products\/[a-z0-9-]+<\/loc><lastmod>[0-9T:.-]+Z<\/lastmod><\/url>\n)+<\/urlset>\n$/,
    );
    const slugs = [...res.body.matchAll(/\/products\/([a-z0-9-]+)<\/loc>/g)].map((m) => m[1]);
    expect(slugs).toHaveLength(Math.min(live, SITEMAP_URLS_PER_FILE));
    expect(new Set(slugs).size).toBe(slugs.length);
    const files = Math.ceil(live / SITEMAP_URLS_PER_FILE);
    expect((await app.inject({ url: `/sitemaps/products-${files + 1}.xml` })).statusCode).toBe(404);
    for (const junk of ['0', '-1', 'x', '1e3', '99999999'])
      expect((await app.inject({ url: `/sitemaps/products-${junk}.xml` })).statusCode).toBe(404);
  });

  it('neither shows up in the API document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/robots.txt');
    expect(Object.keys(doc.paths)).not.toContain('/sitemap.xml');
  });
});
